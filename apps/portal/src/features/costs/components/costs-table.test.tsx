import type { Expense, ValueListRequest } from '@portal/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { useRelationNames } from '../api/relation-names'
import { distributionWith } from '../../../testing/fixtures'
import { columnHeaders, renderWithQueries } from '../../../testing/render'
import { CostsTable } from './costs-table'

/** The §7 value list of the distribution: key, obj, name per relation, as the server answers it. */
const RELATIONS: Record<string, { key: string; name: string }[]> = {
  ANSCHLUSS: [
    { key: '1000000001', name: 'WEG Lindenstraße 12' },
    { key: '1000500001', name: 'WEG Lindenstraße 12 Hinterhaus' },
  ],
  VSTELLE: [{ key: 'V1000000003', name: 'WE 03 · 1. OG links' }],
  NUTZUNGSEINHEIT: [{ key: 'V1000000003', name: 'WE 03 · 1. OG links' }],
  VERTRAG: [
    { key: 'VT1000000007', name: 'Erika Mustermann · WE 03' },
    { key: 'VT1000000008', name: 'Jonas Weber · WE 04' },
  ],
  NUTZGRUPPE: [
    { key: '1000000001-NG1', name: 'Wohnen' },
    { key: '1000000001-NG2', name: 'Gewerbe' },
  ],
  NUTZERGRUPPE: [{ key: '1000000001-NUG1', name: 'Aufzugsnutzer (ab 1. OG)' }],
}

let guid = 0
function line(tariffComponent: string, object: string, allocationRef: string): Expense {
  guid += 1
  return {
    guid: `00000000-0000-4000-8000-${String(guid).padStart(12, '0')}`,
    tariffComponent,
    supplyArea: tariffComponent.split('_')[0] ?? null,
    object,
    key: 'NE',
    allocationObject: allocationRef,
    allocationRef,
    from: '2024-01-01',
    until: '2024-12-31',
    quantity: null,
    unit: null,
    energyCarrier: null,
    amountTransactionCurrency: '100.00',
    apportionableAmount: '100.00',
    deductibleAmount: null,
    amountNet: null,
    amountNetApportionable: null,
    note: null,
    version: 1,
  }
}

const working = [
  line('NK_MUELL', 'VERTRAG', 'VT1000000007'),
  line('BK_AUFZUG', 'NUTZERGRUPPE', '1000000001-NUG1'),
  line('NK_ABWASSER', 'NUTZGRUPPE', '1000000001-NG2'),
  line('SK_RWM', 'NUTZUNGSEINHEIT', 'V1000000003'),
  line('BK_REINIGUNG', 'ANSCHLUSS', '1000500001'),
  line('NK_WASSER', 'ANSCHLUSS', '1000000001'),
  // a contract the value list no longer offers: its key, not another record's name
  line('BK_GARTEN', 'VERTRAG', 'VT1000000099'),
]

const costs = distributionWith(working, { operatingCostsDistributionStatus: 'O' })

const NAMES = new Map([
  ['NK_MUELL', 'Müllabfuhr'],
  ['BK_AUFZUG', 'Aufzug'],
  ['NK_ABWASSER', 'Abwasser'],
  ['SK_RWM', 'Rauchwarnmelder'],
  ['BK_REINIGUNG', 'Gebäudereinigung'],
  ['NK_WASSER', 'Wasser'],
  ['BK_GARTEN', 'Gartenpflege'],
])

function WorkingCosts() {
  const relationNames = useRelationNames(costs)
  return (
    <CostsTable
      caption="Betriebskosten"
      expenses={costs.operatingCostsWorkingExpense}
      costTypeNames={NAMES}
      relationNames={relationNames}
      editable={false}
      onEdit={() => {}}
      onDelete={() => {}}
    />
  )
}

let requests: ValueListRequest[]

beforeAll(() => initI18n())
beforeEach(() => {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as ValueListRequest
      requests.push(body)
      expect(url).toBe('/api/processes/system/value-list?limit=9999')
      const object = body.line_data.OBJECT ?? ''
      const data = (RELATIONS[object] ?? []).map((entry) => ({ ...entry, obj: object }))
      return Promise.resolve(Response.json({ data: { data } }))
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function showTable() {
  renderWithQueries(<WorkingCosts />)
}

/** The cell of a line (by its cost type name) in the column with this header. */
function cellOf(costType: string, column: string): HTMLTableCellElement {
  const table = screen.getByRole('table', { name: 'Betriebskosten' })
  const header = within(table).getByRole('columnheader', { name: column })
  const row = within(table).getByRole('rowheader', { name: costType }).closest('tr')!
  return row.cells[(header as HTMLTableCellElement).cellIndex]!
}

const cell = (costType: string, column: string) => cellOf(costType, column).textContent ?? ''

/** The related record of a line as the Bezug column shows it: its name, then its type. */
function relation(costType: string) {
  const shown = cellOf(costType, 'Bezug')
  const type = shown.lastElementChild?.textContent ?? ''
  return { name: (shown.textContent ?? '').slice(0, -type.length || undefined), type }
}

/** Holds every answer of the value list until the returned function is called. */
function holdAnswers() {
  let answer: () => void = () => undefined
  const held = new Promise<void>((resolve) => (answer = resolve))
  const respond = vi.mocked(fetch).getMockImplementation()!
  vi.mocked(fetch).mockImplementation(async (...args) => {
    await held
    return respond(...args)
  })
  return answer
}

describe('the columns of the costs table', () => {
  it('shows what a line is checked by as columns, the allocation key by its name', () => {
    showTable()
    const table = screen.getByRole('table', { name: 'Betriebskosten' })
    expect(columnHeaders(table)).toEqual([
      'Kostenart',
      'Bemerkung',
      'Umlageschlüssel',
      'Betrag gesamt',
      'Bezug',
      'Details',
    ])
    expect(cell('Müllabfuhr', 'Umlageschlüssel')).toBe('Anzahl Nutzeinheiten')
    expect(cell('Müllabfuhr', 'Betrag gesamt')).toMatch(/^100,00\s€$/)
  })

  it('opens the other fields of a line below it', async () => {
    const user = userEvent.setup()
    showTable()
    const toggle = screen.getByRole('button', { name: 'Einzelheiten zu Müllabfuhr' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!
    const terms = [...details.querySelectorAll('dt')].map((term) => term.textContent)
    expect(terms).toEqual([
      // decision 045: what a phone does not show as columns (hidden from sm on), then the rest
      'Bemerkung',
      'Umlageschlüssel',
      'Bezug',
      'Von',
      'Bis',
      'Menge',
      'Betrag umlagefähig',
      'Netto gesamt',
      'Netto umlagefähig',
      'Versorgungsbereich',
      'Objekt',
    ])
    expect(within(details).getByText('31.12.2024')).toBeInTheDocument()
    expect(within(details).getByText('Nebenkosten')).toBeInTheDocument()
    // the Bezug's record type (a phone's) and the Objekt
    expect(within(details).getAllByText('Vertrag')).toHaveLength(2)
  })

  it('keeps the actions, with the details toggle, in one column of an open list', async () => {
    const onEdit = vi.fn()
    renderWithQueries(
      <CostsTable
        caption="Betriebskosten"
        expenses={working}
        costTypeNames={NAMES}
        relationNames={{ nameOf: (_object, ref) => ref }}
        editable
        onEdit={onEdit}
        onDelete={() => {}}
      />,
    )
    const actions = cellOf('Aufzug', 'Aktionen')
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Einzelheiten zu Aufzug',
      'Kostenzeile Aufzug bearbeiten',
      'Kostenzeile Aufzug löschen',
    ])
    await userEvent.setup().click(within(actions).getByRole('button', { name: /bearbeiten$/ }))
    expect(onEdit).toHaveBeenCalledWith(working[1])
  })
})

describe('the Bezug column of the costs table', () => {
  it("shows the contract's tenant and the group's name, not their keys", async () => {
    showTable()
    expect(await screen.findByText('Erika Mustermann · WE 03')).toBeInTheDocument()
    expect(relation('Müllabfuhr')).toEqual({ name: 'Erika Mustermann · WE 03', type: 'Vertrag' })
    expect(relation('Aufzug')).toEqual({
      name: 'Aufzugsnutzer (ab 1. OG)',
      type: 'Nutzergruppe',
    })
    expect(relation('Abwasser')).toEqual({ name: 'Gewerbe', type: 'Nutzungsart' })
  })

  it("shows the unit's reference and location, and the connection's name", async () => {
    showTable()
    expect(await screen.findByText('WE 03 · 1. OG links')).toBeInTheDocument()
    expect(relation('Rauchwarnmelder')).toEqual({
      name: 'WE 03 · 1. OG links',
      type: 'Nutzeinheit',
    })
    expect(await screen.findByText('WEG Lindenstraße 12 Hinterhaus')).toBeInTheDocument()
    expect(relation('Gebäudereinigung').name).toBe('WEG Lindenstraße 12 Hinterhaus')
    expect(relation('Wasser')).toEqual({ name: 'WEG Lindenstraße 12', type: 'Anschluss' })
    // a contract the value list no longer offers: its key, not another record's name
    expect(relation('Gartenpflege').name).toBe('VT1000000099')
  })

  it('shows "wird geladen" while the names load, never the keys', async () => {
    const answer = holdAnswers()
    showTable()
    expect(relation('Müllabfuhr')).toEqual({ name: 'wird geladen', type: 'Vertrag' })
    expect(relation('Wasser').name).toBe('wird geladen')
    expect(screen.queryByText(/VT1000000007|1000000001/)).toBeNull()
    answer()
    expect(await screen.findByText('Erika Mustermann · WE 03')).toBeInTheDocument()
    expect(relation('Wasser').name).toBe('WEG Lindenstraße 12')
  })

  it('shows a cost type without a name yet as loading, and by its code only once all is loaded', async () => {
    const answer = holdAnswers()
    function Unnamed() {
      return (
        <CostsTable
          caption="Betriebskosten"
          expenses={working}
          costTypeNames={new Map()}
          relationNames={useRelationNames(costs)}
          editable={false}
          onEdit={() => {}}
          onDelete={() => {}}
        />
      )
    }
    renderWithQueries(<Unnamed />)
    const names = () => screen.getAllByRole('rowheader').map((header) => header.textContent)
    await vi.waitFor(() => expect(names().every((name) => name === 'wird geladen')).toBe(true))
    answer()
    await screen.findByText('NK_MUELL')
  })

  it('asks the value list once per object type in use, whatever the number of lines', async () => {
    showTable()
    await screen.findByText('Erika Mustermann · WE 03')
    await screen.findByText('Gewerbe')
    expect(requests.map((r) => [r.table_name, r.line_data.OBJECT]).sort()).toEqual([
      ['tb_uti_bkosten_b', 'ANSCHLUSS'],
      ['tb_uti_bkosten_b', 'NUTZERGRUPPE'],
      ['tb_uti_bkosten_b', 'NUTZGRUPPE'],
      ['tb_uti_bkosten_b', 'NUTZUNGSEINHEIT'],
      ['tb_uti_bkosten_b', 'VERTRAG'],
    ])
    expect(requests.every((r) => r.head_data.BKOSTEN === '1000000001-2024')).toBe(true)
  })
})

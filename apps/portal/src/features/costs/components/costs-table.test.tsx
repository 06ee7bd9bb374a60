import type { Expense, OperatingCosts, ValueListRequest } from '@portal/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { useRelationNames } from '../api/relation-names'
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

const costs = {
  operatingCostsDistribution: '1000000001-2024',
  from: '2024-01-01',
  until: '2024-12-31',
  operatingCostsDistributionStatus: 'O',
  connection: '1000000001',
  companyCode: '1000',
  businessPartner: null,
  product: 'HBK1000',
  productVersion: '1',
  operatingCostsHeatingExpense: [],
  operatingCostsWorkingExpense: working,
} as unknown as OperatingCosts

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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <WorkingCosts />
    </QueryClientProvider>,
  )
}

/** The text of a line's cell (the line by its cost type name) in the column with this header. */
function cell(costType: string, column: string): string {
  const table = screen.getByRole('table', { name: 'Betriebskosten' })
  const header = within(table).getByRole('columnheader', { name: column })
  const row = within(table).getByRole('rowheader', { name: costType }).closest('tr')!
  return row.cells[(header as HTMLTableCellElement).cellIndex]!.textContent ?? ''
}

describe('the relation columns of the costs table', () => {
  it("shows the contract's tenant and the group's name, not their keys", async () => {
    showTable()
    expect(await screen.findByText('Erika Mustermann · WE 03')).toBeInTheDocument()
    expect(cell('Müllabfuhr', 'Vertrag')).toMatch(/^Erika Mustermann\b/)
    expect(cell('Aufzug', 'Nutzungsgruppe')).toBe('Aufzugsnutzer (ab 1. OG)')
    expect(cell('Abwasser', 'Nutzungsgruppe')).toBe('Gewerbe')
    // each in its own column only
    expect(cell('Müllabfuhr', 'Verbrauchsstelle')).toBe('')
    expect(cell('Müllabfuhr', 'Nutzungsgruppe')).toBe('')
    expect(cell('Aufzug', 'Vertrag')).toBe('')
    expect(cell('Aufzug', 'Anschluss')).toBe('')
  })

  it("shows the unit's reference and location, and the connection's name", async () => {
    showTable()
    expect(await screen.findByText('WE 03 · 1. OG links')).toBeInTheDocument()
    expect(cell('Rauchwarnmelder', 'Verbrauchsstelle')).toBe('WE 03 · 1. OG links')
    expect(await screen.findByText('WEG Lindenstraße 12 Hinterhaus')).toBeInTheDocument()
    expect(cell('Gebäudereinigung', 'Anschluss')).toBe('WEG Lindenstraße 12 Hinterhaus')
    expect(cell('Wasser', 'Anschluss')).toBe('WEG Lindenstraße 12')
    expect(cell('Gartenpflege', 'Vertrag')).toBe('VT1000000099')
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

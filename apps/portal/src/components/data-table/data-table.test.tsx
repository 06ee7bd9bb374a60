import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest'
import common from '../../locales/de.json'
import { columnHeaders } from '../../testing/render'
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table'

type Contract = { id: string; name: string; status: string; from: string }

const NAMES = [
  'Müller',
  'Schmidt',
  'Öztürk',
  'Becker',
  'Zimmermann',
  'Ahrens',
  'Wagner',
  'Äbi',
  'Hoffmann',
  'Klein',
  'Fischer',
  'Neumann',
]

const contracts: Contract[] = NAMES.map((name, index) => ({
  id: `c${index + 1}`,
  name,
  status: index % 3 === 0 ? 'beendet' : 'aktiv',
  from: `2024-${String(index + 1).padStart(2, '0')}-01`,
}))

const columns: DataTableColumn<Contract>[] = [
  { key: 'name', header: 'Name' },
  { key: 'status', header: 'Status', sortable: false },
  { key: 'from', header: 'Beginn', format: (row) => row.from.split('-').reverse().join('.') },
]

const i18n = i18next.createInstance()

beforeAll(async () => {
  await i18n.init({ lng: 'de', resources: {}, interpolation: { escapeValue: false } })
})

// A warning from MUI or React (an out-of-range page, a missing key) is a defect here.
let consoleError: MockInstance
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error')
})
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled()
  consoleError.mockRestore()
})

function renderTable(props: Partial<DataTableProps<Contract>> = {}) {
  const user = userEvent.setup()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  )
  const view = render(
    <DataTable
      caption="Verträge"
      columns={columns}
      rows={contracts}
      getRowId={(row) => row.id}
      {...props}
    />,
    { wrapper },
  )
  return { user, ...view }
}

/** The data rows: every body row with a row header (the name cell). */
function dataRows() {
  return screen.queryAllByRole('rowheader').map((cell) => cell.closest('tr') as HTMLElement)
}

function shownNames() {
  return screen.queryAllByRole('rowheader').map((cell) => cell.textContent)
}

describe('DataTable', () => {
  it('renders a captioned table with column headers and the first page of rows', () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'Verträge' })
    expect(columnHeaders(table)).toEqual(['Name', 'Status', 'Beginn'])
    expect(dataRows()).toHaveLength(10)
    expect(shownNames().slice(0, 2)).toEqual(['Müller', 'Schmidt'])
    expect(screen.getByText('01.01.2024')).toBeInTheDocument()
    expect(screen.getByText('1–10 von 12')).toBeInTheDocument()
  })

  it("shows 'Keine Daten vorhanden!' for an empty list, or the given text", () => {
    const { rerender } = renderTable({ rows: [] })
    expect(screen.getByRole('cell', { name: 'Keine Daten vorhanden!' })).toBeInTheDocument()
    expect(screen.getByText('0–0 von 0')).toBeInTheDocument()
    rerender(
      <DataTable
        caption="Verträge"
        columns={columns}
        rows={[]}
        getRowId={(row) => row.id}
        emptyText="Keine Verträge"
      />,
    )
    expect(screen.getByText('Keine Verträge')).toBeInTheDocument()
  })

  it('shows the loading text instead of rows and marks the table busy while loading', () => {
    renderTable({ loading: true })
    const table = screen.getByRole('table', { name: 'Verträge' })
    expect(table).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('cell', { name: 'Daten werden geladen …' })).toBeInTheDocument()
    expect(dataRows()).toHaveLength(0)
    expect(screen.queryByText('Keine Daten vorhanden!')).not.toBeInTheDocument()
  })

  it('is not busy once loaded', () => {
    renderTable()
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy')
  })

  it('cycles a column ascending, descending and unsorted on header clicks', async () => {
    const { user } = renderTable({ initialOptions: { itemsPerPage: -1 } })
    const header = screen.getByRole('columnheader', { name: 'Name' })
    const sortButton = within(header).getByRole('button', { name: 'Name' })
    expect(header).not.toHaveAttribute('aria-sort')

    await user.click(sortButton)
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(shownNames().slice(0, 3)).toEqual(['Äbi', 'Ahrens', 'Becker'])

    await user.click(sortButton)
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(shownNames().slice(0, 2)).toEqual(['Zimmermann', 'Wagner'])

    await user.click(sortButton)
    expect(header).not.toHaveAttribute('aria-sort')
    expect(shownNames()).toEqual(NAMES)
  })

  it('returns to ascending with mustSort', async () => {
    const { user } = renderTable({ mustSort: true })
    const header = screen.getByRole('columnheader', { name: 'Name' })
    const sortButton = within(header).getByRole('button')
    await user.click(sortButton)
    await user.click(sortButton)
    await user.click(sortButton)
    expect(header).toHaveAttribute('aria-sort', 'ascending')
  })

  it('sorts with the keyboard, and offers no sort button for a column that is not sortable', async () => {
    const { user } = renderTable()
    const header = screen.getByRole('columnheader', { name: 'Beginn' })
    within(header).getByRole('button', { name: 'Beginn' }).focus()
    await user.keyboard('{Enter}')
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    const status = screen.getByRole('columnheader', { name: 'Status' })
    expect(within(status).queryByRole('button')).not.toBeInTheDocument()
  })

  it('starts with the initial sort', () => {
    renderTable({ initialOptions: { sortBy: [{ key: 'from', order: 'desc' }] } })
    expect(screen.getByRole('columnheader', { name: 'Beginn' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(shownNames()[0]).toBe('Neumann')
  })

  it('pages forward and back', async () => {
    const { user } = renderTable()
    await user.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }))
    expect(shownNames()).toEqual(['Fischer', 'Neumann'])
    expect(screen.getByText('11–12 von 12')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Zur ersten Seite' }))
    expect(dataRows()).toHaveLength(10)
  })

  it("changes the rows per page, including 'Alle', and goes back to page 1", async () => {
    const { user } = renderTable()
    await user.click(screen.getByRole('button', { name: 'Zur letzten Seite' }))
    await user.click(screen.getByRole('combobox', { name: /Zeilen pro Seite/ }))
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['10', '25', '50', '100', 'Alle'])
    await user.click(screen.getByRole('option', { name: 'Alle' }))
    expect(dataRows()).toHaveLength(12)
    expect(screen.getByText('1–12 von 12')).toBeInTheDocument()
  })

  it('keeps the first row of the page on screen when the page size changes', async () => {
    const { user } = renderTable({ initialOptions: { itemsPerPage: 5 } })
    await user.click(screen.getByRole('button', { name: 'Zur letzten Seite' }))
    // page 3 of 5 starts with the 11th row, Fischer; with 10 a page that is page 2
    expect(shownNames()[0]).toBe('Fischer')
    await user.click(screen.getByRole('combobox', { name: /Zeilen pro Seite/ }))
    await user.click(screen.getByRole('option', { name: '10' }))
    expect(shownNames()).toEqual(['Fischer', 'Neumann'])
    expect(screen.getByText('11–12 von 12')).toBeInTheDocument()
  })

  it('sorts a column by the text it shows, in both directions', async () => {
    const STATUS: Record<string, string> = { aktiv: 'Laufend', beendet: 'Abgeschlossen' }
    const { user } = renderTable({
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'status', header: 'Status', format: (row) => STATUS[row.status] ?? row.status },
      ],
      initialOptions: { itemsPerPage: -1 },
    })
    const sortButton = within(screen.getByRole('columnheader', { name: 'Status' })).getByRole(
      'button',
    )
    const statuses = () =>
      screen.getAllByRole('row').flatMap((row) => {
        const cells = within(row).queryAllByRole('cell')
        return cells.length > 0 ? [cells.at(-1)?.textContent] : []
      })
    await user.click(sortButton)
    expect(statuses().slice(0, 4)).toEqual(Array(4).fill('Abgeschlossen'))
    await user.click(sortButton)
    expect(statuses().slice(0, 8)).toEqual(Array(8).fill('Laufend'))
  })

  it('offers an initial page size outside the standard choices, as the contracts panel needs', async () => {
    const { user } = renderTable({ initialOptions: { itemsPerPage: 5 } })
    expect(dataRows()).toHaveLength(5)
    expect(screen.getByText('1–5 von 12')).toBeInTheDocument()
    await user.click(screen.getByRole('combobox', { name: /Zeilen pro Seite/ }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '25',
      '50',
      '100',
      'Alle',
    ])
  })

  it('searches case-insensitively in the displayed text and goes back to page 1', async () => {
    const { user } = renderTable({ searchable: true })
    await user.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }))
    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'MANN')
    expect(shownNames()).toEqual(['Zimmermann', 'Hoffmann', 'Neumann'])
    expect(screen.getByText('1–3 von 3')).toBeInTheDocument()
    await user.clear(screen.getByRole('searchbox', { name: 'Suchen' }))
    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), '01.03.')
    expect(shownNames()).toEqual(['Öztürk'])
  })

  it('uses the given search label, and shows no search field unless searchable', () => {
    const { unmount } = renderTable()
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    unmount()
    renderTable({ searchable: true, searchLabel: 'Verträge durchsuchen' })
    expect(screen.getByRole('searchbox', { name: 'Verträge durchsuchen' })).toBeInTheDocument()
  })

  it('clamps the page when the rows shrink', async () => {
    const { user, rerender } = renderTable()
    await user.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }))
    rerender(
      <DataTable
        caption="Verträge"
        columns={columns}
        rows={contracts.slice(0, 4)}
        getRowId={(row) => row.id}
      />,
    )
    expect(shownNames()).toEqual(NAMES.slice(0, 4))
    expect(screen.getByText('1–4 von 4')).toBeInTheDocument()
    // The stored page was clamped too, so rows coming back do not jump to the old page.
    rerender(
      <DataTable
        caption="Verträge"
        columns={columns}
        rows={contracts}
        getRowId={(row) => row.id}
      />,
    )
    expect(screen.getByText('1–10 von 12')).toBeInTheDocument()
  })

  it('keeps the chosen page while the rows reload', async () => {
    const { user, rerender } = renderTable()
    await user.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }))
    const table = (loading: boolean) => (
      <DataTable
        caption="Verträge"
        columns={columns}
        rows={contracts}
        getRowId={(row) => row.id}
        loading={loading}
      />
    )
    rerender(table(true))
    rerender(table(false))
    expect(shownNames()).toEqual(['Fischer', 'Neumann'])
  })

  describe('row navigation', () => {
    it('makes the primary cell a link named by its text', () => {
      renderTable({ rowHref: (row) => `/contracts/${row.id}` })
      const link = screen.getByRole('link', { name: 'Schmidt' })
      expect(link).toHaveAttribute('href', '/contracts/c2')
      expect(screen.getAllByRole('link')).toHaveLength(10)
    })

    it("renders the link with the caller's link component", () => {
      renderTable({
        rowHref: (row) => `/contracts/${row.id}`,
        renderLink: ({ href, className, children }) => (
          <a href={href} className={className} data-router-link="">
            {children}
          </a>
        ),
      })
      expect(screen.getByRole('link', { name: 'Müller' })).toHaveAttribute('data-router-link')
    })

    it('links the column marked primary', () => {
      renderTable({
        columns: [
          { key: 'from', header: 'Beginn', format: (row) => row.from },
          { key: 'name', header: 'Name', primary: true },
        ],
        rowHref: (row) => `/contracts/${row.id}`,
      })
      expect(screen.getByRole('link', { name: 'Müller' })).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: '2024-01-01' })).not.toBeInTheDocument()
    })

    it('follows the row link from a click anywhere in the row', async () => {
      const onRowClick = vi.fn()
      const { user } = renderTable({ onRowClick })
      await user.click(screen.getByText('01.03.2024'))
      expect(onRowClick).toHaveBeenCalledWith(contracts[2])
    })

    it('makes the primary cell a button with onRowClick, usable by keyboard', async () => {
      const onRowClick = vi.fn()
      const { user } = renderTable({ onRowClick })
      screen.getByRole('button', { name: 'Öztürk' }).focus()
      await user.keyboard('{Enter}')
      expect(onRowClick).toHaveBeenCalledWith(contracts[2])
    })
  })

  describe('row details', () => {
    it('opens and closes the details of a row with a toggle that says whether they are open', async () => {
      const { user } = renderTable({
        renderDetail: (row) => (
          <p>
            Vertrag {row.id} seit {row.from}
          </p>
        ),
      })
      expect(screen.getByRole('columnheader', { name: 'Details' })).toBeInTheDocument()
      const toggle = screen.getByRole('button', { name: 'Einzelheiten zu Schmidt' })
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      expect(screen.queryByText('Vertrag c2 seit 2024-02-01')).not.toBeInTheDocument()
      await user.click(toggle)
      expect(toggle).toHaveAttribute('aria-expanded', 'true')
      const detail = screen.getByText('Vertrag c2 seit 2024-02-01')
      expect(toggle.getAttribute('aria-controls')).toBe(detail.parentElement?.id)
      // the details follow their row
      expect(dataRows()[1]?.nextElementSibling).toContainElement(detail)
      await user.click(toggle)
      expect(screen.queryByText('Vertrag c2 seit 2024-02-01')).not.toBeInTheDocument()
    })

    it('puts the toggle into the actions column when there is one', () => {
      renderTable({
        columns: [
          ...columns,
          {
            key: 'actions',
            header: 'Aktionen',
            actions: true,
            sortable: false,
            cell: (row) => <button type="button">Löschen {row.name}</button>,
          },
        ],
        renderDetail: (row) => row.id,
      })
      expect(screen.queryByRole('columnheader', { name: 'Details' })).not.toBeInTheDocument()
      const actions = screen.getByRole('button', { name: 'Löschen Müller' }).closest('td')!
      expect(
        within(actions).getByRole('button', { name: 'Einzelheiten zu Müller' }),
      ).toBeInTheDocument()
    })
  })

  describe('phone columns', () => {
    it('opens what a phone does not show as columns in the row details (decision 045)', async () => {
      const { user } = renderTable({
        columns: [{ ...columns[0]!, phone: true }, columns[1]!, { ...columns[2]!, phone: true }],
      })
      // from sm on every column shows; the toggle (hidden there) opens what a phone leaves out
      expect(columnHeaders(screen.getByRole('table'))).toEqual([
        'Name',
        'Status',
        'Beginn',
        'Details',
      ])
      await user.click(screen.getByRole('button', { name: 'Einzelheiten zu Schmidt' }))
      const detail = dataRows()[1]!.nextElementSibling as HTMLElement
      expect(
        within(detail)
          .getAllByRole('term')
          .map((term) => term.textContent),
      ).toEqual(['Status'])
      expect(within(detail).getByRole('definition')).toHaveTextContent('aktiv')
    })
  })

  describe('state in the address', () => {
    function renderRouted(url: string, props: Partial<DataTableProps<Contract>> = {}) {
      const user = userEvent.setup()
      const table = (key: string, caption: string) => (
        <DataTable
          caption={caption}
          columns={columns}
          rows={contracts}
          getRowId={(row) => row.id}
          stateKey={key}
          searchable
          searchLabel={`${caption} durchsuchen`}
          {...props}
        />
      )
      const router = createMemoryRouter(
        [
          {
            path: '/list',
            element: (
              <>
                {table('a', 'Erste')}
                {table('b', 'Zweite')}
              </>
            ),
          },
          { path: '/other', element: <p>Andere Seite</p> },
        ],
        { initialEntries: [url] },
      )
      render(
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>,
      )
      return { user, router }
    }

    const names = (caption: string) =>
      within(screen.getByRole('table', { name: caption }))
        .queryAllByRole('rowheader')
        .map((cell) => cell.textContent)

    it('shows the page, size, sort and search the address names, each table its own', () => {
      renderRouted('/list?a.sort=-name&a.size=5&a.page=2&b.q=mann')
      expect(names('Erste')).toEqual(['Müller', 'Klein', 'Hoffmann', 'Fischer', 'Becker'])
      expect(
        within(screen.getByRole('table', { name: 'Erste' })).getByRole('columnheader', {
          name: 'Name',
        }),
      ).toHaveAttribute('aria-sort', 'descending')
      expect(names('Zweite')).toEqual(['Zimmermann', 'Hoffmann', 'Neumann'])
      expect(screen.getByRole('searchbox', { name: 'Zweite durchsuchen' })).toHaveValue('mann')
      expect(screen.getByRole('searchbox', { name: 'Erste durchsuchen' })).toHaveValue('')
    })

    it('writes sort, page and search into the address and shows them again after back', async () => {
      const { user, router } = renderRouted('/list')
      const first = screen.getByRole('table', { name: 'Erste' })
      await user.click(within(first).getByRole('button', { name: 'Name' }))
      await user.click(within(first).getByRole('button', { name: 'Name' }))
      await user.click(screen.getAllByRole('button', { name: 'Zur nächsten Seite' })[0]!)
      await user.type(screen.getByRole('searchbox', { name: 'Zweite durchsuchen' }), 'er')
      const params = new URLSearchParams(router.state.location.search)
      expect(Object.fromEntries(params)).toEqual({ 'a.sort': '-name', 'a.page': '2', 'b.q': 'er' })
      expect(names('Erste')).toEqual(['Ahrens', 'Äbi'])

      await router.navigate('/other')
      await router.navigate(-1)
      expect(await screen.findByRole('table', { name: 'Erste' })).toBeInTheDocument()
      expect(names('Erste')).toEqual(['Ahrens', 'Äbi'])
      expect(screen.getByRole('searchbox', { name: 'Zweite durchsuchen' })).toHaveValue('er')
    })

    it('replaces the history entry while typing a search, and adds one for a page', async () => {
      const { user, router } = renderRouted('/list')
      await user.click(screen.getAllByRole('button', { name: 'Zur nächsten Seite' })[0]!)
      await user.type(screen.getByRole('searchbox', { name: 'Zweite durchsuchen' }), 'mann')
      expect(router.state.location.search).toBe('?a.page=2&b.q=mann')
      await router.navigate(-1)
      expect(router.state.location.search).toBe('')
    })

    it('ignores what it cannot read in the address', () => {
      renderRouted('/list?a.sort=-status&a.sort=nope&a.page=x&a.size=-3')
      expect(names('Erste')).toEqual(NAMES.slice(0, 10))
      const first = screen.getByRole('table', { name: 'Erste' })
      expect(within(first).getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute(
        'aria-sort',
      )
    })
    it('takes a page beyond the list back to the last page, in the address too', async () => {
      const { user, router } = renderRouted('/list?a.page=9&a.size=5')
      await vi.waitFor(() => expect(router.state.location.search).toBe('?a.page=3&a.size=5'))
      expect(names('Erste')).toEqual(['Fischer', 'Neumann'])
      expect(screen.getByText('11–12 von 12')).toBeInTheDocument()
      // a search goes back to page 1 (§2), which leaves the page out of the address
      await user.click(screen.getAllByRole('button', { name: 'Zur ersten Seite' })[0]!)
      await user.click(screen.getAllByRole('button', { name: 'Zur letzten Seite' })[0]!)
      await user.type(screen.getByRole('searchbox', { name: 'Erste durchsuchen' }), 'mann')
      expect(names('Erste')).toEqual(['Zimmermann', 'Hoffmann', 'Neumann'])
      expect(router.state.location.search).toBe('?a.size=5&a.q=mann')
    })
  })

  it('takes its texts from the catalogue when the keys are there', async () => {
    const english = i18next.createInstance()
    await english.init({
      lng: 'en',
      resources: {
        en: { translation: { dataTable: { search: 'Search', empty: 'No data available!' } } },
      },
    })
    render(
      <I18nextProvider i18n={english}>
        <DataTable
          caption="Contracts"
          columns={columns}
          rows={[]}
          getRowId={(row) => row.id}
          searchable
        />
      </I18nextProvider>,
    )
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument()
    expect(screen.getByText('No data available!')).toBeInTheDocument()
  })
})

describe('export (decision 030)', () => {
  it('writes every row the search keeps, in the table’s sort, on all pages, as German CSV', async () => {
    const saved: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob)
      return 'blob:export'
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    try {
      const exportColumns: DataTableColumn<Contract>[] = [
        ...columns.slice(0, 2),
        { ...columns[2]!, exportAs: 'date' },
        { key: 'id', header: 'Kennung', hidden: true, searchable: false },
      ]
      const { user } = renderTable({
        columns: exportColumns,
        exportName: 'Verträge',
        searchable: true,
        initialOptions: { itemsPerPage: 2, sortBy: [{ key: 'name', order: 'desc' }] },
      })
      await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'aktiv')
      await user.click(screen.getByRole('button', { name: 'Verträge exportieren' }))
      await user.click(await screen.findByRole('menuitem', { name: 'CSV für Excel (Semikolon)' }))

      expect(saved).toHaveLength(1)
      const anchor = click.mock.contexts[0] as HTMLAnchorElement
      expect(anchor.download).toMatch(/^vertraege-\d{4}-\d{2}-\d{2}\.csv$/)
      const bytes = await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(reader.result as ArrayBuffer)
        reader.readAsArrayBuffer(saved[0]!)
      })
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
      expect(text.startsWith('\uFEFF')).toBe(true)
      const active = contracts
        .filter((c) => c.status === 'aktiv')
        .sort((a, b) => b.name.localeCompare(a.name, 'de'))
      expect(text.slice(1).split('\r\n')).toEqual([
        'Name;Status;Beginn;Kennung',
        ...active.map((c) => `${c.name};aktiv;${c.from.split('-').reverse().join('.')};${c.id}`),
        '',
      ])
      // eight rows although a page shows two
      expect(active).toHaveLength(8)
    } finally {
      click.mockRestore()
      vi.unstubAllGlobals()
    }
  })

  it('writes the screen’s digits, percentages as numbers and the units in the header or a column', async () => {
    i18n.addResourceBundle('de', 'translation', { dataTable: common.dataTable }, true, true)
    const saved: Blob[] = []
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => saved.push(blob) && 'blob:export',
        revokeObjectURL: vi.fn(),
      }),
    )
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    type Reading = { id: string; reading: string; unit: string; change: number; price: string }
    const readings: Reading[] = [
      { id: 'a', reading: '465950.723', unit: 'm³', change: 174.9, price: '2.1' },
      { id: 'b', reading: '12.5', unit: 'Einheiten', change: -5, price: '0' },
    ]
    try {
      const user = userEvent.setup()
      render(
        <I18nextProvider i18n={i18n}>
          <DataTable<Reading>
            caption="Stände"
            exportName="Stände"
            rows={readings}
            getRowId={(row) => row.id}
            columns={[
              { key: 'id', header: 'Gerät' },
              {
                key: 'reading',
                header: 'Stand',
                exportAs: 'decimal',
                exportDigits: 3,
                exportUnit: (row) => row.unit,
              },
              { key: 'change', header: 'Abweichung', exportAs: 'percent', exportDigits: 1 },
              { key: 'price', header: 'Preis', exportAs: 'decimal', exportUnit: '€' },
            ]}
          />
        </I18nextProvider>,
      )
      await user.click(screen.getByRole('button', { name: 'Stände exportieren' }))
      await user.click(await screen.findByRole('menuitem', { name: 'CSV für Excel (Semikolon)' }))
      // jsdom's Blob has no text(): read it as the browser's FileReader would
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(reader.result as string)
        reader.readAsText(saved[0]!)
      })
      expect(text.replace('\uFEFF', '').split('\r\n')).toEqual([
        'Gerät;Stand;Einheit (Stand);Abweichung (%);Preis (€)',
        'a;465950,723;m³;174,9;2,10',
        'b;12,500;Einheiten;-5;0',
        '',
      ])
    } finally {
      click.mockRestore()
      vi.unstubAllGlobals()
    }
  })
})

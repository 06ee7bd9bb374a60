import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { DataTable, type DataTableColumn } from './data-table'
import type { SortItem, TableOptions } from './data-table-types'

/**
 * The rows a table shows, through the component: §2's sort and search (their rules are the domain's
 * format/table-rules.ts, with their own tests) applied by TanStack Table to the columns' values.
 */

type Item = { id: string; name: string | null; amount: number | null; date: string | null }

const idColumn: DataTableColumn<Item> = { key: 'id', header: 'Nr.', searchable: false }

const fields: DataTableColumn<Item>[] = [
  { key: 'name', header: 'Name' },
  { key: 'amount', header: 'Betrag' },
  {
    key: 'date',
    header: 'Datum',
    // Shown as DD.MM.YYYY, so the search finds what the user reads.
    format: (row) => (row.date ? row.date.split('-').reverse().join('.') : ''),
  },
]

const item = (
  id: string,
  name: string | null,
  amount: number | null = null,
  date: string | null = null,
): Item => ({ id, name, amount, date })

const i18n = i18next.createInstance()

beforeAll(async () => {
  await i18n.init({ lng: 'de', resources: {}, interpolation: { escapeValue: false } })
})

function renderRows(
  rows: readonly Item[],
  columns: readonly DataTableColumn<Item>[],
  options: Partial<TableOptions> = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  )
  return render(
    <DataTable
      caption="Liste"
      columns={[idColumn, ...columns]}
      rows={rows}
      getRowId={(row) => row.id}
      initialOptions={{ itemsPerPage: -1, ...options }}
      searchable
    />,
    { wrapper },
  )
}

/** The ids of the rows shown, in their order. */
const shownIds = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent)

function sortedIds(
  rows: readonly Item[],
  columns: readonly DataTableColumn<Item>[],
  key: string,
  order: SortItem['order'] = 'asc',
) {
  const { unmount } = renderRows(rows, columns, { sortBy: [{ key, order }] })
  const ids = shownIds()
  unmount()
  return ids
}

describe('the sort of the shown rows (§2)', () => {
  it('sorts text by German collation', () => {
    const rows = ['Zander', 'Öl', 'Äpfel', 'Ofen', 'apfel', 'Birne'].map((name) => item(name, name))
    expect(sortedIds(rows, fields, 'name')).toEqual([
      'apfel',
      'Äpfel',
      'Birne',
      'Ofen',
      'Öl',
      'Zander',
    ])
  })

  it('sorts numbers numerically, not as text', () => {
    const rows = [item('a', 'a', 10), item('b', 'b', 9), item('c', 'c', 100), item('d', 'd', -1)]
    expect(sortedIds(rows, fields, 'amount')).toEqual(['d', 'b', 'a', 'c'])
    expect(sortedIds(rows, fields, 'amount', 'desc')).toEqual(['c', 'a', 'b', 'd'])
  })

  it('sorts ISO dates chronologically although they are shown as DD.MM.YYYY', () => {
    const rows = [
      item('a', null, null, '2024-02-01'),
      item('b', null, null, '2023-12-31'),
      item('c', null, null, '2024-01-15'),
    ]
    expect(sortedIds(rows, fields, 'date')).toEqual(['b', 'c', 'a'])
  })

  it('puts rows without a value last, ascending and descending', () => {
    const rows = [item('a', null), item('b', 'Berg'), item('c', ''), item('d', 'Aue')]
    expect(sortedIds(rows, fields, 'name')).toEqual(['d', 'b', 'a', 'c'])
    expect(sortedIds(rows, fields, 'name', 'desc')).toEqual(['b', 'd', 'a', 'c'])
  })

  it('sorts by the next key when the first ties, and keeps the given order without a sort', () => {
    const rows = [item('a', 'X', 2), item('b', 'Y', 1), item('c', 'X', 1)]
    const { unmount } = renderRows(rows, fields, {
      sortBy: [
        { key: 'name', order: 'asc' },
        { key: 'amount', order: 'desc' },
      ],
    })
    expect(shownIds()).toEqual(['a', 'c', 'b'])
    unmount()
    renderRows(rows, fields)
    expect(shownIds()).toEqual(['a', 'b', 'c'])
  })

  it("sorts by a column's sortValue instead of its value", () => {
    const byLength: DataTableColumn<Item>[] = [
      { key: 'name', header: 'Name', sortValue: (row) => row.name?.length ?? null },
    ]
    const rows = [item('a', 'ccc'), item('b', 'a'), item('c', 'bb')]
    expect(sortedIds(rows, byLength, 'name')).toEqual(['b', 'c', 'a'])
  })

  it('sorts a code column by the label it shows, not by the hidden code, both ways', () => {
    const LABELS: Record<string, string> = { A: 'Wasser', B: 'Heizung', C: 'Strom' }
    const coded: DataTableColumn<Item>[] = [
      {
        key: 'name',
        header: 'Art',
        format: (row) => (row.name ? (LABELS[row.name] ?? row.name) : ''),
      },
    ]
    const rows = [item('a', 'A'), item('b', 'B'), item('c', 'C'), item('d', null)]
    expect(sortedIds(rows, coded, 'name')).toEqual(['b', 'c', 'a', 'd'])
    expect(sortedIds(rows, coded, 'name', 'desc')).toEqual(['a', 'c', 'b', 'd'])
  })

  it('sorts a column whose text is composed from other fields, both ways', () => {
    // the key names no field of the row: the raw value is undefined for every row
    const composed: DataTableColumn<Item>[] = [
      {
        key: 'label',
        header: 'Bezeichnung',
        format: (row) => `${row.name ?? ''} ${row.amount ?? ''}`.trim(),
      },
    ]
    const rows = [item('a', 'Berg', 2), item('b', 'Aue', 1), item('c', 'Berg', 10)]
    expect(sortedIds(rows, composed, 'label')).toEqual(['b', 'a', 'c'])
    expect(sortedIds(rows, composed, 'label', 'desc')).toEqual(['c', 'a', 'b'])
  })

  it('keeps numbers in their own order when they are shown formatted', () => {
    const money: DataTableColumn<Item>[] = [
      {
        key: 'amount',
        header: 'Betrag',
        format: (row) =>
          row.amount === null
            ? ''
            : new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(row.amount),
      },
    ]
    const rows = [item('a', null, 1234.5), item('b', null, 9), item('c', null, 100)]
    expect(sortedIds(rows, money, 'amount')).toEqual(['b', 'c', 'a'])
  })

  it('reads runs of digits in text as numbers', () => {
    const rows = ['NE-10', 'NE-2', 'NE-1'].map((name) => item(name, name))
    expect(sortedIds(rows, fields, 'name')).toEqual(['NE-1', 'NE-2', 'NE-10'])
  })

  it("sorts with a column's comparer, reversed for descending, rows showing nothing last", () => {
    const byAmount: DataTableColumn<Item>[] = [
      {
        key: 'name',
        header: 'Name',
        format: (row) => row.name ?? '',
        compare: (a, b) => (a.amount ?? 0) - (b.amount ?? 0),
      },
    ]
    const rows = [item('a', 'x', 3), item('b', '', 0), item('c', 'y', 1), item('d', 'z', 2)]
    expect(sortedIds(rows, byAmount, 'name')).toEqual(['c', 'd', 'a', 'b'])
    expect(sortedIds(rows, byAmount, 'name', 'desc')).toEqual(['a', 'd', 'c', 'b'])
  })

  it('sorts a number column ascending on the first click, as a text column', async () => {
    const user = userEvent.setup()
    renderRows([item('a', 'a', 10), item('b', 'b', 9), item('c', 'c', 100)], fields)
    const header = screen.getByRole('columnheader', { name: 'Betrag' })
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(shownIds()).toEqual(['b', 'a', 'c'])
  })
})

describe('the search of the shown rows (§2)', () => {
  const rows = [
    item('a', 'Müller', 120, '2024-03-01'),
    item('b', 'Schmidt', 75, '2023-01-31'),
    item('c', 'MÜLLERSTRASSE', null, null),
    item('d', null, 12, '2022-12-01'),
  ]
  function foundIds(columns: readonly DataTableColumn<Item>[], search: string) {
    const { unmount } = renderRows(rows, columns, { search })
    const ids = shownIds()
    unmount()
    return ids
  }

  it('finds a case-insensitive substring in any searchable column', () => {
    expect(foundIds(fields, 'müll')).toEqual(['a', 'c'])
    expect(foundIds(fields, '12')).toEqual(['a', 'd'])
  })

  it('searches the displayed text, not the raw value', () => {
    expect(foundIds(fields, '01.03.2024')).toEqual(['a'])
    expect(foundIds(fields, '2024-03')).toEqual([])
  })

  it('leaves out columns that are not searchable, and ignores surrounding blanks', () => {
    const nameOnly = fields.map((field) => ({ ...field, searchable: field.key === 'name' }))
    expect(foundIds(nameOnly, ' 12 ')).toEqual([])
    expect(foundIds(fields, '   ')).toEqual(['a', 'b', 'c', 'd'])
  })

  it('searches a column that is not shown, such as what a row shows in its details', () => {
    const withNote: DataTableColumn<Item>[] = [
      ...fields,
      { key: 'note', header: 'Notiz', hidden: true, format: (row) => `Notiz zu ${row.id}` },
    ]
    expect(foundIds(withNote, 'notiz zu b')).toEqual(['b'])
    expect(screen.queryByRole('columnheader', { name: 'Notiz' })).not.toBeInTheDocument()
  })
})

import { DEFAULT_PAGE_SIZE } from '@portal/domain'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyOptions,
  clampPage,
  compareValues,
  createDataTableState,
  dataTableReducer,
  nextSortOrder,
  pageCount,
  type DataTableAction,
  type DataTableConfig,
  type DataTableField,
  type DataTableOptions,
  type DataTableState,
  type SelectStrategy,
  type SortItem,
} from './data-table-state'

type Item = { id: string; name: string | null; amount: number | null; date: string | null }

const fields: DataTableField<Item>[] = [
  { key: 'name' },
  { key: 'amount' },
  {
    key: 'date',
    // Shown as DD.MM.YYYY, so the search finds what the user reads.
    format: (row) => (row.date ? row.date.split('-').reverse().join('.') : ''),
  },
]

const config = (overrides: Partial<DataTableConfig> = {}): DataTableConfig => ({
  mustSort: false,
  multiSort: false,
  ...overrides,
})

const options = (overrides: Partial<DataTableOptions> = {}): DataTableOptions => ({
  page: 1,
  itemsPerPage: DEFAULT_PAGE_SIZE,
  sortBy: [],
  groupBy: [],
  search: '',
  ...overrides,
})

function run(
  actions: readonly DataTableAction[],
  cfg: DataTableConfig = config(),
  initial: DataTableState = createDataTableState(),
): DataTableState {
  return actions.reduce((state, action) => dataTableReducer(state, action, cfg), initial)
}

const item = (
  id: string,
  name: string | null,
  amount: number | null = null,
  date: string | null = null,
) => ({ id, name, amount, date }) satisfies Item

const names = (rows: readonly Item[]) => rows.map((row) => row.name)
const ids = (rows: readonly Item[]) => rows.map((row) => row.id)

describe('createDataTableState', () => {
  it('starts on page 1 with 10 rows per page, no sort, no grouping, no search and nothing selected', () => {
    expect(createDataTableState()).toEqual({
      page: 1,
      itemsPerPage: 10,
      sortBy: [],
      groupBy: [],
      search: '',
      selected: new Set(),
    })
  })

  it('takes initial options such as the 5 rows per page of the contracts panel', () => {
    const state = createDataTableState(
      { itemsPerPage: 5, sortBy: [{ key: 'name', order: 'asc' }] },
      ['a'],
    )
    expect(state.itemsPerPage).toBe(5)
    expect(state.sortBy).toEqual([{ key: 'name', order: 'asc' }])
    expect([...state.selected]).toEqual(['a'])
  })
})

describe('pageCount and clampPage', () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [100, 25, 4],
    [500, -1, 1],
    [0, -1, 1],
  ])('%i rows at %i per page make %i pages', (total, itemsPerPage, expected) => {
    expect(pageCount(total, itemsPerPage)).toBe(expected)
  })

  it.each([
    [0, 11, 10, 1],
    [-3, 11, 10, 1],
    [2, 11, 10, 2],
    [3, 11, 10, 2],
    [5, 0, 10, 1],
    [4, 500, -1, 1],
    [Number.NaN, 50, 10, 1],
    [2.7, 50, 10, 2],
  ])(
    'page %d of %i rows at %i per page is clamped to %i',
    (page, total, itemsPerPage, expected) => {
      expect(clampPage(page, total, itemsPerPage)).toBe(expected)
    },
  )
})

describe('nextSortOrder', () => {
  it('cycles ascending, descending, off', () => {
    expect(nextSortOrder(undefined, false, true)).toBe('asc')
    expect(nextSortOrder('asc', false, true)).toBe('desc')
    expect(nextSortOrder('desc', false, true)).toBeUndefined()
  })

  it('returns to ascending when sorting is mandatory and this is the only sort', () => {
    expect(nextSortOrder('desc', true, true)).toBe('asc')
  })

  it('switches off a mandatory sort when other sorts remain', () => {
    expect(nextSortOrder('desc', true, false)).toBeUndefined()
  })
})

describe('dataTableReducer: sorting', () => {
  const toggle = (key: string): DataTableAction => ({ type: 'toggleSort', key })

  it('cycles a column ascending, descending, off', () => {
    const cfg = config()
    let state = createDataTableState()
    state = dataTableReducer(state, toggle('name'), cfg)
    expect(state.sortBy).toEqual([{ key: 'name', order: 'asc' }])
    state = dataTableReducer(state, toggle('name'), cfg)
    expect(state.sortBy).toEqual([{ key: 'name', order: 'desc' }])
    state = dataTableReducer(state, toggle('name'), cfg)
    expect(state.sortBy).toEqual([])
  })

  it('with mustSort returns to ascending instead of off', () => {
    const state = run([toggle('name'), toggle('name'), toggle('name')], config({ mustSort: true }))
    expect(state.sortBy).toEqual([{ key: 'name', order: 'asc' }])
  })

  it('without multiSort replaces the sort when another column is clicked', () => {
    const state = run([toggle('name'), toggle('name'), toggle('amount')])
    expect(state.sortBy).toEqual([{ key: 'amount', order: 'asc' }])
  })

  it('with multiSort adds columns, keeps their positions and removes a column switched off', () => {
    const cfg = config({ multiSort: true })
    const both = run([toggle('name'), toggle('amount'), toggle('name')], cfg)
    expect(both.sortBy).toEqual([
      { key: 'name', order: 'desc' },
      { key: 'amount', order: 'asc' },
    ])
    expect(run([toggle('name')], cfg, both).sortBy).toEqual([{ key: 'amount', order: 'asc' }])
  })

  it('with multiSort and mustSort switches a column off only while another sort remains', () => {
    const cfg = config({ multiSort: true, mustSort: true })
    const state = run([toggle('name'), toggle('amount'), toggle('name'), toggle('name')], cfg)
    expect(state.sortBy).toEqual([{ key: 'amount', order: 'asc' }])
    expect(run([toggle('amount'), toggle('amount')], cfg, state).sortBy).toEqual([
      { key: 'amount', order: 'asc' },
    ])
  })

  it('goes back to page 1 on every sort change', () => {
    const state = createDataTableState({ page: 3 })
    expect(dataTableReducer(state, toggle('name'), config()).page).toBe(1)
    expect(
      dataTableReducer(
        state,
        { type: 'setSortBy', sortBy: [{ key: 'amount', order: 'desc' }] },
        config(),
      ),
    ).toMatchObject({ page: 1, sortBy: [{ key: 'amount', order: 'desc' }] })
  })
})

describe('dataTableReducer: search, page and page size', () => {
  it('goes back to page 1 when the search changes', () => {
    const state = dataTableReducer(
      createDataTableState({ page: 4 }),
      { type: 'setSearch', search: 'müller' },
      config(),
    )
    expect(state).toMatchObject({ page: 1, search: 'müller' })
  })

  it('keeps the first row of the page on screen when the page size changes', () => {
    // page 4 of 10 starts with row 31, which is on page 2 of 25, page 7 of 5 and page 1 of 50
    const resize = (itemsPerPage: number) =>
      dataTableReducer(
        createDataTableState({ page: 4 }),
        { type: 'setItemsPerPage', itemsPerPage },
        config(),
      )
    expect(resize(25)).toMatchObject({ page: 2, itemsPerPage: 25 })
    expect(resize(5)).toMatchObject({ page: 7, itemsPerPage: 5 })
    expect(resize(50)).toMatchObject({ page: 1, itemsPerPage: 50 })
  })

  it('shows every row on page 1 with -1, and starts from the top when leaving -1', () => {
    const all = dataTableReducer(
      createDataTableState({ page: 4 }),
      { type: 'setItemsPerPage', itemsPerPage: -1 },
      config(),
    )
    expect(all).toMatchObject({ page: 1, itemsPerPage: -1 })
    expect(
      dataTableReducer(all, { type: 'setItemsPerPage', itemsPerPage: 10 }, config()),
    ).toMatchObject({ page: 1, itemsPerPage: 10 })
  })

  it('takes the first row of the last page when the stored page lies beyond the list', () => {
    // page 9 of 10 with 25 rows is really page 3 (rows 21-25); row 21 is on page 5 of 5
    const state = dataTableReducer(
      createDataTableState({ page: 9 }),
      { type: 'setItemsPerPage', itemsPerPage: 5, total: 25 },
      config(),
    )
    expect(state.page).toBe(5)
  })

  it.each([0, -2, 7.5, Number.NaN])('ignores the page size %d', (itemsPerPage) => {
    const state = createDataTableState({ page: 2 })
    expect(dataTableReducer(state, { type: 'setItemsPerPage', itemsPerPage }, config())).toBe(state)
  })

  it('goes back to page 1 when the grouping changes', () => {
    const state = dataTableReducer(
      createDataTableState({ page: 2 }),
      { type: 'setGroupBy', groupBy: [{ key: 'name', order: 'asc' }] },
      config(),
    )
    expect(state).toMatchObject({ page: 1, groupBy: [{ key: 'name', order: 'asc' }] })
  })

  it('clamps a requested page to the page count', () => {
    const state = createDataTableState()
    expect(run([{ type: 'setPage', page: 3, total: 25 }], config(), state).page).toBe(3)
    expect(run([{ type: 'setPage', page: 9, total: 25 }], config(), state).page).toBe(3)
    expect(run([{ type: 'setPage', page: 0, total: 25 }], config(), state).page).toBe(1)
  })

  it('clamps the stored page when the list shrinks, and keeps the state when nothing changes', () => {
    const state = createDataTableState({ page: 5 })
    expect(dataTableReducer(state, { type: 'clampPage', total: 21 }, config()).page).toBe(3)
    expect(dataTableReducer(state, { type: 'clampPage', total: 50 }, config())).toBe(state)
  })
})

describe('dataTableReducer: selection', () => {
  const toggleRow = (id: string): DataTableAction => ({ type: 'toggleRow', id })

  it("'single' keeps at most one row: selecting one deselects the others", () => {
    const cfg = config({ selectStrategy: 'single' })
    expect([...run([toggleRow('a'), toggleRow('b')], cfg).selected]).toEqual(['b'])
    expect([...run([toggleRow('a'), toggleRow('a')], cfg).selected]).toEqual([])
    expect(
      run([{ type: 'toggleAll', pageIds: ['a', 'b'], allIds: ['a', 'b', 'c'] }], cfg).selected.size,
    ).toBe(0)
    expect([...run([{ type: 'setSelected', ids: ['x', 'y'] }], cfg).selected]).toEqual(['x'])
  })

  it("'page' selects and deselects the rows of the current page", () => {
    const cfg = config({ selectStrategy: 'page' })
    const toggleAll: DataTableAction = {
      type: 'toggleAll',
      pageIds: ['a', 'b'],
      allIds: ['a', 'b', 'c'],
    }
    const selected = run([toggleRow('c'), toggleAll], cfg)
    expect([...selected.selected].sort()).toEqual(['a', 'b', 'c'])
    expect([...run([toggleAll], cfg, selected).selected]).toEqual(['c'])
  })

  it("'page' completes a partly selected page before deselecting it", () => {
    const cfg = config({ selectStrategy: 'page' })
    const toggleAll: DataTableAction = {
      type: 'toggleAll',
      pageIds: ['a', 'b'],
      allIds: ['a', 'b'],
    }
    expect([...run([toggleRow('a'), toggleAll], cfg).selected].sort()).toEqual(['a', 'b'])
  })

  it("'all' selects and deselects every row of the filtered list", () => {
    const cfg = config({ selectStrategy: 'all' })
    const toggleAll: DataTableAction = {
      type: 'toggleAll',
      pageIds: ['a'],
      allIds: ['a', 'b', 'c'],
    }
    const selected = run([toggleAll], cfg)
    expect([...selected.selected].sort()).toEqual(['a', 'b', 'c'])
    expect(run([toggleAll], cfg, selected).selected.size).toBe(0)
  })

  it("'page' and 'all' toggle single rows independently", () => {
    const cfg = config({ selectStrategy: 'page' })
    expect([...run([toggleRow('a'), toggleRow('b'), toggleRow('a')], cfg).selected]).toEqual(['b'])
  })

  it('ignores selection when the table has no selection strategy', () => {
    const state = createDataTableState()
    expect(dataTableReducer(state, toggleRow('a'), config())).toBe(state)
  })

  it('never changes the page when the selection changes', () => {
    const state = createDataTableState({ page: 2 })
    expect(dataTableReducer(state, toggleRow('a'), config({ selectStrategy: 'page' })).page).toBe(2)
  })
})

describe('compareValues', () => {
  it('puts empty values last in both directions', () => {
    for (const order of ['asc', 'desc'] as const) {
      expect(compareValues(null, 'a', order)).toBeGreaterThan(0)
      expect(compareValues('', 1, order)).toBeGreaterThan(0)
      expect(compareValues(undefined, null, order)).toBe(0)
      expect(compareValues(new Date(Number.NaN), new Date(0), order)).toBeGreaterThan(0)
    }
  })

  it('compares numbers numerically and ISO dates chronologically', () => {
    expect(compareValues(9, 10)).toBeLessThan(0)
    expect(compareValues('2023-12-31', '2024-01-01')).toBeLessThan(0)
    expect(compareValues('2024-01-01T00:30:00+01:00', '2023-12-31T23:45:00Z')).toBeLessThan(0)
    expect(compareValues(new Date('2024-01-02'), new Date('2024-01-01'))).toBeGreaterThan(0)
    expect(compareValues(9, 10, 'desc')).toBeGreaterThan(0)
  })
})

describe('applyOptions: sorting', () => {
  /** The rows' ids in the order the table shows them sorted by one column. */
  const sortedIds = (
    rows: readonly Item[],
    columns: readonly DataTableField<Item>[],
    key: string,
    order: SortItem['order'] = 'asc',
  ) => ids(applyOptions(rows, columns, sortBy(key, order)).pageRows)
  const sortBy = (key: string, order: SortItem['order'] = 'asc') =>
    options({ sortBy: [{ key, order }] })

  it('sorts text by German collation', () => {
    const rows = ['Zander', 'Öl', 'Äpfel', 'Ofen', 'apfel', 'Birne'].map((name, i) =>
      item(String(i), name),
    )
    expect(names(applyOptions(rows, fields, sortBy('name')).pageRows)).toEqual([
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

  it('sorts ISO dates chronologically', () => {
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
    const sorted = applyOptions(
      rows,
      fields,
      options({
        sortBy: [
          { key: 'name', order: 'asc' },
          { key: 'amount', order: 'desc' },
        ],
      }),
    )
    expect(ids(sorted.pageRows)).toEqual(['a', 'c', 'b'])
    expect(ids(applyOptions(rows, fields, options()).pageRows)).toEqual(['a', 'b', 'c'])
  })

  it("sorts by a column's sortValue instead of its value", () => {
    const byLength: DataTableField<Item>[] = [
      { key: 'name', sortValue: (row) => row.name?.length ?? null },
    ]
    const rows = [item('a', 'ccc'), item('b', 'a'), item('c', 'bb')]
    expect(sortedIds(rows, byLength, 'name')).toEqual(['b', 'c', 'a'])
  })

  it('sorts a code column by the label it shows, not by the hidden code, both ways', () => {
    const LABELS: Record<string, string> = { A: 'Wasser', B: 'Heizung', C: 'Strom' }
    const coded: DataTableField<Item>[] = [
      { key: 'name', format: (row) => (row.name ? (LABELS[row.name] ?? row.name) : '') },
    ]
    const rows = [item('a', 'A'), item('b', 'B'), item('c', 'C'), item('d', null)]
    expect(sortedIds(rows, coded, 'name')).toEqual(['b', 'c', 'a', 'd'])
    expect(sortedIds(rows, coded, 'name', 'desc')).toEqual(['a', 'c', 'b', 'd'])
  })

  it('sorts a column whose text is composed from other fields, both ways', () => {
    // the key names no field of the row: the raw value is undefined for every row
    const composed: DataTableField<Item>[] = [
      { key: 'label', format: (row) => `${row.name ?? ''} ${row.amount ?? ''}`.trim() },
    ]
    const rows = [item('a', 'Berg', 2), item('b', 'Aue', 1), item('c', 'Berg', 10)]
    expect(sortedIds(rows, composed, 'label')).toEqual(['b', 'a', 'c'])
    expect(sortedIds(rows, composed, 'label', 'desc')).toEqual(['c', 'a', 'b'])
  })

  it('keeps numbers in their own order when they are shown formatted', () => {
    const money: DataTableField<Item>[] = [
      {
        key: 'amount',
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
    const byAmountThenName: DataTableField<Item>[] = [
      {
        key: 'name',
        format: (row) => row.name ?? '',
        compare: (a, b) => (a.amount ?? 0) - (b.amount ?? 0),
      },
    ]
    const rows = [item('a', 'x', 3), item('b', '', 0), item('c', 'y', 1), item('d', 'z', 2)]
    expect(sortedIds(rows, byAmountThenName, 'name')).toEqual(['c', 'd', 'a', 'b'])
    expect(sortedIds(rows, byAmountThenName, 'name', 'desc')).toEqual(['a', 'd', 'c', 'b'])
  })
})

describe('applyOptions: search', () => {
  const rows = [
    item('a', 'Müller', 120, '2024-03-01'),
    item('b', 'Schmidt', 75, '2023-01-31'),
    item('c', 'MÜLLERSTRASSE', null, null),
    item('d', null, 12, '2022-12-01'),
  ]
  /** The ids of the rows the search finds in these columns. */
  const foundIds = (columns: readonly DataTableField<Item>[], search: string) =>
    ids(applyOptions(rows, columns, options({ search })).pageRows)

  it('finds a case-insensitive substring in any searchable column', () => {
    expect(foundIds(fields, 'müll')).toEqual(['a', 'c'])
    expect(foundIds(fields, '12')).toEqual(['a', 'd'])
  })

  it('searches the displayed text, not the raw value', () => {
    expect(foundIds(fields, '01.03.2024')).toEqual(['a'])
    expect(applyOptions(rows, fields, options({ search: '2024-03' })).total).toBe(0)
  })

  it('leaves out columns that are not searchable, and ignores surrounding blanks', () => {
    const nameOnly = fields.map((field) => ({ ...field, searchable: field.key === 'name' }))
    expect(foundIds(nameOnly, ' 12 ')).toEqual([])
    expect(applyOptions(rows, fields, options({ search: '   ' })).total).toBe(4)
  })
})

describe('applyOptions: paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) =>
    item(String(i), `Name ${String(i).padStart(2, '0')}`),
  )

  it('cuts out the requested page', () => {
    const view = applyOptions(rows, fields, options({ page: 3 }))
    expect(view).toMatchObject({ total: 23, page: 3, pageCount: 3 })
    expect(ids(view.pageRows)).toEqual(['20', '21', '22'])
  })

  it('shows every row on one page with itemsPerPage -1', () => {
    const view = applyOptions(rows, fields, options({ itemsPerPage: -1, page: 2 }))
    expect(view).toMatchObject({ page: 1, pageCount: 1 })
    expect(view.pageRows).toHaveLength(23)
  })

  it('clamps a page beyond the list to the last page', () => {
    expect(applyOptions(rows, fields, options({ page: 9, itemsPerPage: 5 })).page).toBe(5)
    expect(applyOptions([], fields, options({ page: 9 }))).toMatchObject({
      page: 1,
      pageCount: 1,
      total: 0,
    })
  })
})

describe('applyOptions: grouping', () => {
  const rows = [
    item('a', 'Nord', 1),
    item('b', 'Süd', 2),
    item('c', 'Nord', 3),
    item('d', 'Ost', 4),
    item('e', 'Nord', 5),
    item('f', null, 6),
  ]

  it('groups rows by value, ordered by the group order, each header counting the whole group', () => {
    const view = applyOptions(
      rows,
      fields,
      options({
        groupBy: [{ key: 'name', order: 'desc' }],
        sortBy: [{ key: 'amount', order: 'desc' }],
      }),
    )
    expect(view.groups?.map((group) => [group.label, group.count, ids(group.rows)])).toEqual([
      ['Süd', 1, ['b']],
      ['Ost', 1, ['d']],
      ['Nord', 3, ['e', 'c', 'a']],
      ['', 1, ['f']],
    ])
  })

  it('continues a group across pages under a repeated header that still counts the whole group', () => {
    const view = applyOptions(
      rows,
      fields,
      options({ groupBy: [{ key: 'name', order: 'asc' }], itemsPerPage: 2, page: 2 }),
    )
    expect(view.groups?.map((group) => [group.label, group.count, ids(group.rows)])).toEqual([
      ['Nord', 3, ['e']],
      ['Ost', 1, ['d']],
    ])
  })

  it('nests groups for several keys', () => {
    const nested = [
      item('a', 'Nord', 1),
      item('b', 'Nord', 2),
      item('c', 'Nord', 1),
      item('d', 'Süd', 1),
    ]
    const view = applyOptions(
      nested,
      fields,
      options({
        groupBy: [
          { key: 'name', order: 'asc' },
          { key: 'amount', order: 'asc' },
        ],
      }),
    )
    expect(
      view.groups?.map((group) => [group.depth, group.label, group.count, ids(group.rows)]),
    ).toEqual([
      [0, 'Nord', 3, []],
      [1, '1', 2, ['a', 'c']],
      [1, '2', 1, ['b']],
      [0, 'Süd', 1, []],
      [1, '1', 1, ['d']],
    ])
  })

  it('has no groups without groupBy', () => {
    expect(applyOptions(rows, fields, options()).groups).toBeUndefined()
  })
})

// Property tests over arbitrary lists, options and action sequences.

const isoDate = fc
  .tuple(
    fc.integer({ min: 1990, max: 2040 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  )
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)

const text = fc.option(
  fc.string({ unit: fc.constantFrom(...'aAäÄoÖsßüZ 1-'.split('')), maxLength: 5 }),
)

const itemsArb = fc
  .array(
    fc.record({
      name: text,
      amount: fc.option(fc.integer({ min: -50, max: 50 })),
      date: fc.option(isoDate),
    }),
    { maxLength: 60 },
  )
  .map((list) => list.map((row, index): Item => ({ id: `r${index}`, ...row })))

const keyArb = fc.constantFrom('name', 'amount', 'date')
const sortItemArb = fc.record({
  key: keyArb,
  order: fc.constantFrom<SortItem['order']>('asc', 'desc'),
})
const itemsPerPageArb = fc.constantFrom(1, 3, 5, 10, 25, 50, 100, -1)
const strategyArb = fc.constantFrom<SelectStrategy>('single', 'page', 'all')

const optionsArb = fc.record({
  page: fc.integer({ min: -2, max: 30 }),
  itemsPerPage: itemsPerPageArb,
  sortBy: fc.uniqueArray(sortItemArb, { selector: (s) => s.key, maxLength: 3 }),
  groupBy: fc.uniqueArray(sortItemArb, { selector: (s) => s.key, maxLength: 2 }),
  search: fc.constantFrom('', 'a', 'Ä', 'ö', '1', '-', 'zz'),
})

const idArb = fc.constantFrom('a', 'b', 'c', 'd', 'e')

/** Every action, threaded with the current total; 'data' changes the total as new rows would. */
type Step =
  { type: 'data'; total: number } | { type: 'action'; make: (total: number) => DataTableAction }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 0, max: 300 }).map((total): Step => ({ type: 'data', total })),
  keyArb.map((key): Step => ({ type: 'action', make: () => ({ type: 'toggleSort', key }) })),
  fc
    .integer({ min: -5, max: 50 })
    .map((page): Step => ({ type: 'action', make: (total) => ({ type: 'setPage', page, total }) })),
  itemsPerPageArb.map((itemsPerPage): Step => ({
    type: 'action',
    make: () => ({ type: 'setItemsPerPage', itemsPerPage }),
  })),
  fc
    .string({ maxLength: 3 })
    .map((search): Step => ({ type: 'action', make: () => ({ type: 'setSearch', search }) })),
  idArb.map((id): Step => ({ type: 'action', make: () => ({ type: 'toggleRow', id }) })),
  fc
    .tuple(fc.uniqueArray(idArb, { maxLength: 3 }), fc.uniqueArray(idArb, { maxLength: 5 }))
    .map(([pageIds, allIds]): Step => ({
      type: 'action',
      make: () => ({ type: 'toggleAll', pageIds, allIds }),
    })),
  fc
    .array(idArb, { maxLength: 3 })
    .map((list): Step => ({ type: 'action', make: () => ({ type: 'setSelected', ids: list }) })),
)

const configArb = fc.record({
  mustSort: fc.boolean(),
  multiSort: fc.boolean(),
  selectStrategy: strategyArb,
})

describe('properties', () => {
  it('keeps the page within [1, pageCount] after any sequence of actions', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.integer({ min: 0, max: 300 }),
        fc.array(stepArb, { maxLength: 40 }),
        (cfg, start, steps) => {
          let total = start
          // The component clamps whenever the rows change; here, once at the start and on each 'data'.
          let state = dataTableReducer(createDataTableState(), { type: 'clampPage', total }, cfg)
          for (const step of steps) {
            if (step.type === 'data') total = step.total
            const action =
              step.type === 'data' ? { type: 'clampPage' as const, total } : step.make(total)
            state = dataTableReducer(state, action, cfg)
            expect(state.page).toBeGreaterThanOrEqual(1)
            expect(state.page).toBeLessThanOrEqual(pageCount(total, state.itemsPerPage))
            expect(Number.isInteger(state.page)).toBe(true)
          }
        },
      ),
    )
  })

  it('returns to the previous sort after three toggles of the same column without mustSort', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.uniqueArray(sortItemArb, { selector: (s) => s.key, maxLength: 3 }),
        keyArb,
        (multiSort, sortBy, key) => {
          const cfg = config({ multiSort })
          // Without multiSort any earlier sort is replaced by the first toggle, so none remains.
          const start = createDataTableState({ sortBy: sortBy.filter((s) => s.key !== key) })
          const toggle: DataTableAction = { type: 'toggleSort', key }
          const end = run([toggle, toggle, toggle], cfg, start)
          expect(end.sortBy).toEqual(multiSort ? start.sortBy : [])
        },
      ),
    )
  })

  it('with mustSort never switches off the only sort', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(keyArb, { minLength: 1, maxLength: 30 }),
        (multiSort, keys) => {
          const cfg = config({ mustSort: true, multiSort })
          let state = createDataTableState()
          for (const key of keys) {
            state = dataTableReducer(state, { type: 'toggleSort', key }, cfg)
            expect(state.sortBy.length).toBeGreaterThanOrEqual(1)
            expect(new Set(state.sortBy.map((s) => s.key)).size).toBe(state.sortBy.length)
          }
        },
      ),
    )
  })

  it('always yields page 1 after a change of sort or search', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.integer({ min: 1, max: 40 }),
        fc.oneof(
          keyArb.map((key): DataTableAction => ({ type: 'toggleSort', key })),
          fc.string().map((search): DataTableAction => ({ type: 'setSearch', search })),
        ),
        (cfg, page, action) => {
          expect(dataTableReducer(createDataTableState({ page }), action, cfg).page).toBe(1)
        },
      ),
    )
  })

  it('shows the row that was first on the page on the page chosen after a page size change', () => {
    fc.assert(
      fc.property(itemsArb, optionsArb, itemsPerPageArb, (rows, opts, itemsPerPage) => {
        const before = applyOptions(rows, fields, opts)
        const first = before.pageRows[0]
        const state = dataTableReducer(
          createDataTableState({ ...opts, page: opts.page }),
          { type: 'setItemsPerPage', itemsPerPage, total: before.total },
          config(),
        )
        const after = applyOptions(rows, fields, state)
        expect(after.page).toBe(state.page)
        if (first) expect(after.pageRows).toContain(first)
      }),
    )
  })

  it("never holds more than one row with the 'single' strategy", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const cfg = config({ selectStrategy: 'single' })
        let state = createDataTableState()
        for (const step of steps) {
          if (step.type === 'action') state = dataTableReducer(state, step.make(100), cfg)
          expect(state.selected.size).toBeLessThanOrEqual(1)
        }
      }),
    )
  })

  it('never puts more than itemsPerPage rows on a page', () => {
    fc.assert(
      fc.property(itemsArb, optionsArb, (rows, opts) => {
        const view = applyOptions(rows, fields, opts)
        if (opts.itemsPerPage > 0)
          expect(view.pageRows.length).toBeLessThanOrEqual(opts.itemsPerPage)
        else expect(view.pageRows).toHaveLength(view.total)
        expect(view.page).toBeGreaterThanOrEqual(1)
        expect(view.page).toBeLessThanOrEqual(view.pageCount)
      }),
    )
  })

  it('splits the filtered rows into pages whose concatenation is the sorted filtered list', () => {
    fc.assert(
      fc.property(itemsArb, optionsArb, (rows, opts) => {
        const first = applyOptions(rows, fields, { ...opts, page: 1 })
        const pages = Array.from(
          { length: first.pageCount },
          (_, i) => applyOptions(rows, fields, { ...opts, page: i + 1 }).pageRows,
        )
        const all = pages.flat()
        expect(ids(all)).toEqual(ids(first.filteredRows))
        // A permutation of exactly the rows that match the search.
        const expected = rows.filter((row) =>
          fields.some((field) =>
            (field.format ? field.format(row) : String(row[field.key as keyof Item] ?? ''))
              .toLocaleLowerCase('de-DE')
              .includes(opts.search.toLocaleLowerCase('de-DE')),
          ),
        )
        expect(ids(all).sort()).toEqual(ids(expected).sort())
      }),
    )
  })

  it('sorts the filtered list by groupBy, then sortBy', () => {
    fc.assert(
      fc.property(itemsArb, optionsArb, (rows, opts) => {
        const { filteredRows } = applyOptions(rows, fields, opts)
        const items = [...opts.groupBy, ...opts.sortBy]
        for (let i = 1; i < filteredRows.length; i++) {
          const [a, b] = [filteredRows[i - 1], filteredRows[i]] as [Item, Item]
          const first = items
            .map((s) => compareValues(a[s.key as keyof Item], b[s.key as keyof Item], s.order))
            .find((result) => result !== 0)
          expect(first ?? 0).toBeLessThanOrEqual(0)
        }
      }),
    )
  })

  it('shows each page row under exactly one group, and each group once per page', () => {
    fc.assert(
      fc.property(itemsArb, optionsArb, (rows, opts) => {
        const view = applyOptions(rows, fields, opts)
        if (opts.groupBy.length === 0) return
        const groups = view.groups ?? []
        expect(ids(groups.flatMap((group) => group.rows))).toEqual(ids(view.pageRows))
        expect(new Set(groups.map((group) => group.id)).size).toBe(groups.length)
        for (const group of groups) {
          expect(group.count).toBeGreaterThanOrEqual(group.rows.length)
          const deepest = group.depth === opts.groupBy.length - 1
          expect(group.rows.length > 0).toBe(deepest)
        }
      }),
    )
  })
})

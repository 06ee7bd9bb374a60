import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TableOptions } from './data-table-types'
import { readTableOptions, tableParamNames, writeTableOptions } from './table-url-state'

const defaults: TableOptions = { page: 1, itemsPerPage: 10, sortBy: [], search: '' }
const sortable = new Set(['name', 'address', 'city'])
const read = (search: string, key = 'units', base = defaults) =>
  readTableOptions(new URLSearchParams(search), key, base, sortable)
const write = (options: Partial<TableOptions>, key = 'units', search = '', base = defaults) =>
  writeTableOptions(new URLSearchParams(search), key, { ...base, ...options }, base).toString()

describe('tableParamNames', () => {
  it('puts the key in front of each name, or leaves the names bare for the empty key', () => {
    expect(tableParamNames('units')).toEqual({
      page: 'units.page',
      size: 'units.size',
      sort: 'units.sort',
      search: 'units.q',
    })
    expect(tableParamNames('')).toEqual({ page: 'page', size: 'size', sort: 'sort', search: 'q' })
  })
})

describe('writeTableOptions', () => {
  it('writes what differs from the defaults and keeps the other parameters', () => {
    expect(
      write(
        {
          page: 3,
          itemsPerPage: -1,
          sortBy: [
            { key: 'address', order: 'desc' },
            { key: 'name', order: 'asc' },
          ],
          search: 'Mainz 2',
        },
        'units',
        'distribution=42&devices.page=2',
      ),
    ).toBe(
      'distribution=42&devices.page=2&units.page=3&units.size=alle&units.sort=-address&units.sort=name&units.q=Mainz+2',
    )
  })

  it('leaves out options at their defaults, and removes ones that went back to them', () => {
    expect(write({})).toBe('')
    expect(write({ page: 1, search: '' }, 'units', 'units.page=4&units.q=x&q=other')).toBe(
      'q=other',
    )
  })

  it('writes a sort switched off where the table starts sorted as an empty sort', () => {
    const sorted = { ...defaults, sortBy: [{ key: 'name', order: 'asc' as const }] }
    expect(write({ sortBy: [] }, '', '', sorted)).toBe('sort=')
    expect(read('sort=', '', sorted).sortBy).toEqual([])
    expect(read('', '', sorted).sortBy).toEqual(sorted.sortBy)
  })
})

describe('readTableOptions', () => {
  it("reads only the table's own parameters", () => {
    expect(read('page=4&units.page=2&units.q=OG&units.sort=-city')).toEqual({
      page: 2,
      itemsPerPage: 10,
      sortBy: [{ key: 'city', order: 'desc' }],
      search: 'OG',
    })
  })

  it('falls back to the defaults for what it cannot use', () => {
    for (const page of ['0', '-1', '2.5', 'x', '']) expect(read(`units.page=${page}`).page).toBe(1)
    for (const size of ['0', '-1', 'all', '1e3']) {
      expect(read(`units.size=${size}`).itemsPerPage).toBe(10)
    }
    expect(read('units.size=alle').itemsPerPage).toBe(-1)
    // unknown columns and repeated ones are left out
    expect(read('units.sort=-status&units.sort=name&units.sort=-name').sortBy).toEqual([
      { key: 'name', order: 'asc' },
    ])
  })

  it('reads back whatever it wrote', () => {
    const options = fc.record({
      page: fc.integer({ min: 1, max: 500 }),
      itemsPerPage: fc.constantFrom(-1, 5, 10, 25, 50, 100),
      sortBy: fc.uniqueArray(
        fc.record({
          key: fc.constantFrom('name', 'address', 'city'),
          order: fc.constantFrom('asc' as const, 'desc' as const),
        }),
        { selector: (item) => item.key, maxLength: 3 },
      ),
      search: fc.string({ maxLength: 8 }),
    })
    fc.assert(
      fc.property(options, fc.constantFrom('', 'units', 'a.b'), (written, key) => {
        const params = writeTableOptions(new URLSearchParams('x=1'), key, written, defaults)
        expect(readTableOptions(params, key, defaults, sortable)).toEqual(written)
        expect(params.get('x')).toBe('1')
      }),
    )
  })
})

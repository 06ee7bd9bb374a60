import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  germanText,
  houseNumber,
  isPairwiseOrdered,
  isPermutationOf,
  optionalIsoDate,
} from '../testing/arbitraries'
import {
  belongsToPartner,
  compareConnections,
  comparePointsOfDelivery,
  hasActiveHwFeature,
  isTopLevel,
  keepConnection,
  selectPortalConnections,
  sortPointsOfDelivery,
  type ConnectionLike,
} from './connections'

const TODAY = '2025-03-15'

const withHw = (until: string | null, extra: Partial<ConnectionLike> = {}): ConnectionLike => ({
  connectionFeature: [{ connectionAttributes: 'HW', value: 'X', until }],
  ...extra,
})

describe('hasActiveHwFeature', () => {
  it('needs an HW feature ending after today', () => {
    expect(hasActiveHwFeature(withHw('2025-03-16'), TODAY)).toBe(true)
    expect(hasActiveHwFeature(withHw('9999-12-31'), TODAY)).toBe(true)
    expect(hasActiveHwFeature(withHw(TODAY), TODAY)).toBe(false)
    expect(hasActiveHwFeature(withHw('2024-12-31'), TODAY)).toBe(false)
  })

  it('treats an HW feature without end as open-ended', () => {
    expect(hasActiveHwFeature(withHw(null), TODAY)).toBe(true)
  })

  it('ignores other features', () => {
    const connection: ConnectionLike = {
      connectionFeature: [
        { connectionAttributes: 'HE', value: '4711', until: null },
        { connectionAttributes: 'HW', until: '2020-01-01' },
      ],
    }
    expect(hasActiveHwFeature(connection, TODAY)).toBe(false)
    expect(hasActiveHwFeature({ connectionFeature: [] }, TODAY)).toBe(false)
    expect(hasActiveHwFeature({}, TODAY)).toBe(false)
  })

  it('is true when any HW feature is active', () => {
    const connection: ConnectionLike = {
      connectionFeature: [
        { connectionAttributes: 'HW', until: '2020-01-01' },
        { connectionAttributes: 'HW', until: '2030-01-01' },
      ],
    }
    expect(hasActiveHwFeature(connection, TODAY)).toBe(true)
  })

  it('refuses an invalid today', () => {
    expect(() => hasActiveHwFeature(withHw(null), 'heute')).toThrow(RangeError)
  })
})

describe('isTopLevel and keepConnection', () => {
  it('keeps only active connections without parent', () => {
    expect(isTopLevel({ parentConnection: null })).toBe(true)
    expect(isTopLevel({ parentConnection: '' })).toBe(true)
    expect(isTopLevel({ parentConnection: '1000001' })).toBe(false)
    expect(keepConnection(withHw(null), TODAY)).toBe(true)
    expect(keepConnection(withHw(null, { parentConnection: '1000001' }), TODAY)).toBe(false)
    expect(keepConnection(withHw('2020-01-01'), TODAY)).toBe(false)
  })
})

describe('belongsToPartner', () => {
  it('matches the partner in the HE feature only', () => {
    const connection: ConnectionLike = {
      connectionFeature: [
        { connectionAttributes: 'HE', value: '4711', until: null },
        { connectionAttributes: 'HW', value: '0815', until: null },
      ],
    }
    expect(belongsToPartner(connection, '4711')).toBe(true)
    expect(belongsToPartner(connection, '0815')).toBe(false)
  })
})

describe('compareConnections', () => {
  it('sorts by name1, name2, street and house number', () => {
    const rows: ConnectionLike[] = [
      { name1: 'WEG Bahnhofstraße', name2: 'B', street: 'Ring', houseNumber: '10' },
      { name1: 'WEG Bahnhofstraße', name2: 'A', street: 'Ring', houseNumber: '10' },
      { name1: 'Ärztehaus', name2: 'Z', street: 'Weg', houseNumber: '1' },
      { name1: 'WEG Bahnhofstraße', name2: 'B', street: 'Ring', houseNumber: '2' },
      { name1: 'WEG Bahnhofstraße', name2: 'B', street: 'Allee', houseNumber: '99' },
      { name1: 'WEG Bahnhofstraße', name2: 'B', street: 'Ring', houseNumber: '10a' },
    ]
    expect(
      [...rows]
        .sort(compareConnections)
        .map((r) => `${r.name1}|${r.name2}|${r.street} ${r.houseNumber}`),
    ).toEqual([
      'Ärztehaus|Z|Weg 1',
      'WEG Bahnhofstraße|A|Ring 10',
      'WEG Bahnhofstraße|B|Allee 99',
      'WEG Bahnhofstraße|B|Ring 2',
      'WEG Bahnhofstraße|B|Ring 10',
      'WEG Bahnhofstraße|B|Ring 10a',
    ])
  })
})

const feature = fc.record({
  connectionAttributes: fc.constantFrom('HW', 'HE', 'PR'),
  value: fc.constantFrom('4711', null),
  until: optionalIsoDate(2020, 2030),
})

const connection = fc.record({
  connectionFeature: fc.array(feature, { maxLength: 3 }),
  parentConnection: fc.constantFrom(null, undefined, '', '1000001'),
  name1: germanText,
  name2: germanText,
  street: germanText,
  houseNumber,
})

describe('selectPortalConnections', () => {
  it('returns a new array and leaves the input alone', () => {
    const input = [withHw(null, { name1: 'B' }), withHw(null, { name1: 'A' })]
    const copy = [...input]
    const result = selectPortalConnections(input, TODAY)
    expect(result).not.toBe(input)
    expect(input).toEqual(copy)
    expect(result.map((c) => c.name1)).toEqual(['A', 'B'])
  })

  it('keeps exactly the connections to keep, in order', () => {
    fc.assert(
      fc.property(fc.array(connection, { maxLength: 25 }), (list) => {
        const result = selectPortalConnections(list, TODAY)
        const kept = list.filter((c) => keepConnection(c, TODAY))
        expect(isPermutationOf(result, kept)).toBe(true)
        expect(isPairwiseOrdered(result, compareConnections)).toBe(true)
      }),
    )
  })

  it('keeps a connection exactly when it has no parent and an HW feature ending after today', () => {
    fc.assert(
      fc.property(connection, (c) => {
        const active = c.connectionFeature.some(
          (f) => f.connectionAttributes === 'HW' && (f.until == null || f.until > TODAY),
        )
        expect(selectPortalConnections([c], TODAY).length).toBe(
          !c.parentConnection && active ? 1 : 0,
        )
      }),
    )
  })
})

describe('points of delivery', () => {
  it('sort by street, house number and suffix', () => {
    const points = [
      { id: 1, street: 'Ring', houseNumber: '10', houseNumberSuffix: 'b' },
      { id: 2, street: 'Ring', houseNumber: '10', houseNumberSuffix: 'a' },
      { id: 3, street: 'Ring', houseNumber: '9', houseNumberSuffix: null },
      { id: 4, street: 'Allee', houseNumber: '12', houseNumberSuffix: null },
    ]
    expect(sortPointsOfDelivery(points).map((p) => p.id)).toEqual([4, 3, 2, 1])
    expect(points.map((p) => p.id)).toEqual([1, 2, 3, 4])
  })

  it('come out as an ordered permutation', () => {
    const point = fc.record({
      street: germanText,
      houseNumber,
      houseNumberSuffix: fc.constantFrom(null, 'a', 'b', 'c'),
    })
    fc.assert(
      fc.property(fc.array(point, { maxLength: 25 }), (points) => {
        const sorted = sortPointsOfDelivery(points)
        expect(isPermutationOf(sorted, points)).toBe(true)
        expect(isPairwiseOrdered(sorted, comparePointsOfDelivery)).toBe(true)
      }),
    )
  })
})

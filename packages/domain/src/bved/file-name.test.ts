import { describe, expect, it } from 'vitest'
import { bvedFileName } from './file-name'

describe('bvedFileName', () => {
  it('names the file of a record type with the German wall clock of writing', () => {
    expect(bvedFileName('M', new Date('2024-01-31T11:02:03Z'))).toBe('DTM305_20240131120203.DAT')
    expect(bvedFileName('L', new Date('2024-01-31T11:02:03Z'))).toBe('DTM305_20240131120203.DAT')
    expect(bvedFileName('K', new Date('2024-07-01T22:30:00Z'))).toBe('DTK305_20240702003000.DAT')
    expect(bvedFileName('A', new Date('2024-12-31T23:00:00Z'), '3.05')).toBe(
      'DTA305_20250101000000.DAT',
    )
    expect(bvedFileName('D', new Date('2024-03-01T00:00:09Z'))).toBe('DTD305_20240301010009.DAT')
  })
})

import { readFileSync } from 'node:fs'
import { readBvedFile } from '@portal/domain'
import { describe, expect, it } from 'vitest'
import { demoBvedCostFile, demoBvedUserFile } from './bved-files'

const FIXTURE = new URL('../../test/fixtures/bved/DTK305_20260115120000.DAT', import.meta.url)
const USERS_FIXTURE = new URL('../../test/fixtures/bved/DTM305_20260115120000.DAT', import.meta.url)

describe('the demo bved cost file', () => {
  it('is the copy in the test data for 15 January 2026, and reads without an error', () => {
    const file = demoBvedCostFile('2026-01-15')
    expect(file.fileName).toBe('DTK305_20260115120000.DAT')
    // written again, from the repository's root, by
    // npx tsx -e "import('./apps/server/src/demo/bved-files.ts').then(({ demoBvedCostFile: f }) =>
    //   require('node:fs').writeFileSync('apps/server/test/fixtures/bved/DTK305_20260115120000.DAT', f('2026-01-15').bytes))"
    expect(
      Buffer.from(file.bytes).equals(readFileSync(FIXTURE)),
      'test/fixtures/bved is stale',
    ).toBe(true)
    const read = readBvedFile(file.bytes)
    expect(read.errors).toEqual([])
    expect(read.records.map((record) => record.type)).toEqual(['B', 'K', 'K', 'K', 'K', 'K'])
    expect(read.records[0]!.values).toMatchObject({
      propertyNumber: '471100002',
      billingPeriodStart: '2025-01-01',
      billingPeriodEnd: '2025-12-31',
    })
  })
})

describe('the demo bved users file', () => {
  it('is the copy in the test data for 15 January 2026, and reads without an error', () => {
    const file = demoBvedUserFile('2026-01-15')
    expect(file.fileName).toBe('DTM305_20260115120000.DAT')
    // written again, from the repository's root, by
    // npx tsx -e "import('./apps/server/src/demo/bved-files.ts').then(({ demoBvedUserFile: f }) =>
    //   require('node:fs').writeFileSync('apps/server/test/fixtures/bved/DTM305_20260115120000.DAT', f('2026-01-15').bytes))"
    expect(
      Buffer.from(file.bytes).equals(readFileSync(USERS_FIXTURE)),
      'test/fixtures/bved is stale',
    ).toBe(true)
    const read = readBvedFile(file.bytes)
    expect(read.errors).toEqual([])
    expect(read.records[0]!.values).toMatchObject({
      propertyNumber: '471100002',
      billingPeriodStart: '2025-02-01',
      billingPeriodEnd: '2026-01-31',
    })
    expect(read.records.slice(1).every((record) => record.type === 'M')).toBe(true)
    // the new user moves in on the first of the month; his predecessor moved out the day before
    const newUser = read.records.find((record) => record.values.tenantName1 === 'Brandt, Johanna')
    expect(newUser?.values).toMatchObject({ unitNumber: '0001', occupancyStart: '2026-01-01' })
    expect(file.change).toMatchObject({ reference: 'NE-0001', moveOut: '2025-12-31' })
  })
})

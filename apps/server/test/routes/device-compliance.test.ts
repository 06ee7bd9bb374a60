/**
 * Decision 068: the devices of a property and of the portfolio by remote reading and calibration.
 * The states follow the devices and readings in the database; another customer learns nothing.
 */
import { DeviceComplianceAnswerSchema, type DeviceComplianceAnswer } from '@portal/domain'
import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { connections, devices } from '../../src/platform/persistence/schema'
import { useTestContext } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'fremd'])
const URL = '/api/persistence/device-compliance'

async function read(user: string, query = ''): Promise<DeviceComplianceAnswer> {
  const response = await ctx.app.inject({ method: 'GET', url: `${URL}${query}`, headers: as[user] })
  expect(response.statusCode, response.body).toBe(200)
  return DeviceComplianceAnswerSchema.parse(response.json())
}

describe('GET /api/persistence/device-compliance', () => {
  it('counts the portfolio per property, and the properties add up to the whole', async () => {
    const answer = await read('verwalter')
    expect(answer.devices).toEqual([])
    expect(answer.properties.length).toBeGreaterThan(1)
    const sum = answer.properties.reduce((total, p) => total + p.counts.devices, 0)
    expect(sum).toBe(answer.counts.devices)
    // the demo has properties read by radio and properties read on site
    expect(answer.counts.remote).toBeGreaterThan(0)
    expect(answer.counts.retrofitDue + answer.counts.retrofitOverdue).toBeGreaterThan(0)
  })

  it('lists a property’s devices with the states the rules give their data', async () => {
    const portfolio = await read('verwalter')
    const property = portfolio.properties.find((p) => p.counts.retrofitDue > 0)!
    const answer = await read('verwalter', `?connection=${property.connection}`)
    expect(answer.devices).toHaveLength(property.counts.devices)
    expect(answer.properties).toEqual([property])
    const stored = await ctx.database.db
      .select()
      .from(devices)
      .where(eq(devices.propertyConnection, property.connection))
    for (const device of answer.devices) {
      const row = stored.find((d) => d.key === device.device)!
      expect(device.calibrationYear).toBe(row.calibrationYear)
      if (device.remoteReading === 'retrofitDue') {
        // not remote and installed before 1 December 2021 (or on an unknown day)
        expect(row.installationDate === null || row.installationDate < '2021-12-01').toBe(true)
      }
      if (device.calibrationValidUntil !== null) {
        expect(device.calibrationValidUntil).toBe(`${row.calibrationYear! + 6}-12-31`)
      }
    }
    expect(answer.devices.some((d) => d.unitReference !== null)).toBe(true)
  })

  it('is 404 for another customer’s property, and the portfolio of another customer holds none', async () => {
    const [property] = await ctx.database.db
      .select({ connection: connections.connection })
      .from(connections)
      .where(and(eq(connections.companyCode, '1000'), isNull(connections.parentConnection)))
      .limit(1)
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `${URL}?connection=${property!.connection}`,
      headers: as.fremd,
    })
    expect(foreign.statusCode).toBe(404)
    const theirs = await read('fremd')
    expect(theirs.properties.map((p) => p.connection)).not.toContain(property!.connection)
  })
})

/** §1 Notification screen: tenant changes of the user, released distributions, approvals due. */
import { NotificationsSchema, type Notification } from '@portal/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatingCostsDistributions, pointsOfDelivery } from '../../src/persistence/schema'
import { multipart } from '../fixtures/files'
import { createTestContext, type TestContext } from '../helper'

let ctx: TestContext
const as: Record<string, { authorization: string }> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  for (const user of ['verwalter', 'eigentuemer', 'fremd']) as[user] = await ctx.login(user)
})
afterAll(async () => ctx.close())

async function notifications(user: string): Promise<Notification[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/persistence/notifications',
    headers: as[user],
  })
  expect(response.statusCode, response.body).toBe(200)
  return NotificationsSchema.parse(response.json()).items
}

describe('notifications', () => {
  it('lists the submitted tenant change and the released distributions, newest first', async () => {
    const [unit] = await ctx.database.db
      .select({ id: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.companyCode, '1000'))
      .limit(1)
    const body = multipart({
      activity: JSON.stringify({
        activityType: 'MIETERWECHSEL',
        objectType: 'VSTELLE',
        objectKey: unit!.id,
        payload: {
          customerType: 'private',
          salutation: 'HR',
          NAME1: 'Karl',
          NAME2: 'Meißner',
          AUSZUG: '2025-09-30',
          PLZ: '04109',
          ORT: 'Leipzig',
          STRASSE: 'Markt',
          HAUSNR: '1',
        },
      }),
    })
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/activities',
      headers: { ...as.verwalter, ...body.headers },
      payload: body.payload,
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: string }>().id

    // one distribution released 11 months ago: its automatic approval is due within 60 days
    const [distribution] = await ctx.database.db
      .select()
      .from(operatingCostsDistributions)
      .where(eq(operatingCostsDistributions.companyCode, '1000'))
      .limit(1)
    await ctx.database.db
      .update(operatingCostsDistributions)
      .set({
        operatingCostsDistributionStatus: 'F',
        statusChangedAt: sql`now() - interval '11 months'`,
      })
      .where(
        eq(
          operatingCostsDistributions.operatingCostsDistribution,
          distribution!.operatingCostsDistribution,
        ),
      )

    const items = await notifications('verwalter')
    const change = items.find((n) => n.id === `TENANT_CHANGE-${id}`)
    expect(change).toMatchObject({
      kind: 'TENANT_CHANGE',
      title: 'Mieterwechsel gemeldet: eingegangen',
    })
    expect(change!.text).toContain('Karl Meißner')
    expect(items[0]!.id).toBe(`TENANT_CHANGE-${id}`)

    const key = distribution!.operatingCostsDistribution
    expect(items.find((n) => n.id === `RELEASED-${key}`)).toMatchObject({
      kind: 'RELEASED',
      link: `/properties/${distribution!.propertyConnection}/costs?distribution=${key}`,
    })
    const due = items.find((n) => n.id === `APPROVAL_DUE-${key}`)
    expect(due?.title).toMatch(/^Genehmigung fällig bis \d{2}\.\d{2}\.\d{4}$/)
    const released = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatingCostsDistributions)
      .where(
        sql`${operatingCostsDistributions.companyCode} = '1000' and ${operatingCostsDistributions.operatingCostsDistributionStatus} = 'F'`,
      )
    expect(items.filter((n) => n.kind === 'RELEASED')).toHaveLength(released[0]!.n)
  })

  it('shows nothing of another company or another user', async () => {
    const foreign = await notifications('fremd')
    for (const item of foreign) {
      expect(item.link ?? '').not.toMatch(/\/properties\/1000/)
    }
    const ownerItems = await notifications('eigentuemer')
    const verwalterChanges = (await notifications('verwalter')).filter(
      (n) => n.kind === 'TENANT_CHANGE',
    )
    for (const change of verwalterChanges) {
      expect(ownerItems.some((n) => n.id === change.id)).toBe(false)
    }
  })
})

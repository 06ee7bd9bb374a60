/**
 * Decision 070: the daily alarms, raised from readings in the test database on both sides of each
 * rule's threshold; the job raises an alarm once and keeps the state the manager set, runs once
 * across two claims; the manager's change is idempotent and audited; nobody outside the property
 * sees an alarm; an alarm not done is a notification.
 */
import {
  DeviceAlarmSchema,
  DeviceAlarmsSchema,
  addMonthsTo,
  alarmKey,
  expectedRadioValueDate,
  lastCompleteMonth,
  monthEnd,
  percentAboveAverage,
  toIsoDate,
  type DeviceAlarm,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { findAlarms, raiseAlarms } from '../../src/modules/care/alarms'
import { runClaimedAlarms } from '../../src/modules/care/alarms-job'
import {
  auditLog,
  contracts,
  deviceAlarms,
  jobRuns,
  measurements,
} from '../../src/platform/persistence/schema'
import { runProvider } from '../fixtures/provider-command'
import { ownedPropertiesOf, useTestContext } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
const URL = '/api/persistence/device-alarms'
const TODAY = toIsoDate(new Date())
const LAST_MONTH = lastCompleteMonth(TODAY)
const FIRST = `${LAST_MONTH}-01`
const LAST = monthEnd(LAST_MONTH)
const BEFORE = monthEnd(addMonthsTo(LAST_MONTH, -1))
const silentLog = { info: () => {}, error: () => {} }

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.database.db.execute(query)) as { rows: T[] }
  return result.rows
}

const keysOf = async (kind: string, thresholdPercent?: number) =>
  (await findAlarms(ctx.database.db, TODAY, thresholdPercent))
    .filter((alarm) => alarm.kind === kind)
    .map((alarm) => alarmKey(alarm))

/** A radio device of a unit (no main meter) with values at the last two month ends. */
async function radioDevice(skip: string[] = []) {
  const [row] = await rows<{ device: string; pod: string }>(sql`
    select m.device, m.point_of_delivery as pod from measurements m join devices d on d.key = m.device
    where m.company_code = '1000' and m.reading_type = 'Funkablesung' and m.reading_date = ${LAST}
      and d.type_class in ('HV', 'WW') and (d.removal_date is null or d.removal_date > ${TODAY})
      and exists (select 1 from measurements p where p.device = m.device and p.reading_date = ${BEFORE})
      and not exists (select 1 from device_assignments a where a.device = d.key and a.main_meter)
      and m.device not in (${sql.join([sql`''`, ...skip.map((s) => sql`${s}`)], sql`, `)})
    order by m.device limit 1`)
  return row!
}

async function readAlarms(user: string, query = ''): Promise<DeviceAlarm[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `${URL}${query}`, headers: as[user] })
  expect(response.statusCode, response.body).toBe(200)
  return DeviceAlarmsSchema.parse(response.json()).items
}

const patch = (user: string, id: string, state: string, key?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `${URL}/${id}`,
    headers: { ...as[user], ...(key ? { 'idempotency-key': key } : {}) },
    payload: { state },
  })

describe('the rules as the job applies them to the readings', () => {
  it('a reading below the one before is backward; the same value is not', async () => {
    const { device, pod } = await radioDevice()
    const [before] = await rows<{ reading: string }>(sql`
      select reading::text from measurements where device = ${device} and reading_date < ${LAST}
      order by reading_date desc limit 1`)
    const key = alarmKey({ kind: 'BACKWARD_READING', pointOfDelivery: pod, device, subject: LAST })
    const setLast = (value: string) =>
      ctx.database.db
        .update(measurements)
        .set({ reading: value })
        .where(and(eq(measurements.device, device), eq(measurements.readingDate, LAST)))
    await setLast(before!.reading)
    expect(await keysOf('BACKWARD_READING')).not.toContain(key)
    await setLast((Number(before!.reading) - 0.001).toFixed(3))
    expect(await keysOf('BACKWARD_READING')).toContain(key)
  })

  it('a remote device is silent when its last value is older than the month end expected today', async () => {
    const { device } = await radioDevice([(await radioDevice()).device])
    const expected = expectedRadioValueDate(TODAY)
    const [kept] = await rows<{ pod: string; reading_type: string }>(sql`
      select point_of_delivery as pod, reading_type from measurements
      where device = ${device} and reading_date = ${LAST}`)
    await ctx.database.db.execute(
      sql`delete from measurements where device = ${device} and reading_date >= ${expected}`,
    )
    const insertOn = (day: string) =>
      ctx.database.db.execute(sql`insert into measurements
        (company_code, property_connection, device, point_of_delivery, reading_date, reading, reading_type, reading_reason)
        select company_code, property_connection, device, point_of_delivery, ${day}, reading + 1, reading_type, 'ZO'
        from measurements where device = ${device} and reading_date < ${expected}
        order by reading_date desc limit 1`)
    const silentKeys = async () =>
      (await findAlarms(ctx.database.db, TODAY))
        .filter((alarm) => alarm.kind === 'SILENT_DEVICE' && alarm.device === device)
        .map((alarm) => alarm.subject)
    // its value on the expected day itself: not silent
    await insertOn(expected)
    expect(await silentKeys()).toEqual([])
    // a day earlier: silent since then
    await ctx.database.db.execute(
      sql`update measurements set reading_date = (${expected}::date - 1) where device = ${device} and reading_date = ${expected}`,
    )
    const dayBefore = toIsoDate(new Date(Date.parse(`${expected}T00:00:00Z`) - 86_400_000))
    expect(await silentKeys()).toEqual([dayBefore])
    expect(kept).toBeDefined()
  })

  it('a unit vacant through the month that consumed raises; a tenancy or no consumption does not', async () => {
    const [unit] = await rows<{ pod: string }>(sql`
      select p.point_of_delivery as pod from points_of_delivery p where p.company_code = '1000'
        and not exists (select 1 from contracts c where c.point_of_delivery = p.point_of_delivery
          and c.contract_status <> 'L' and c."from" <= ${LAST} and (c."until" is null or c."until" >= ${FIRST}))
        and exists (select 1 from measurements m join devices d on d.key = m.device
          where m.point_of_delivery = p.point_of_delivery and m.reading_date = ${LAST}
            and m.reading_type = 'Funkablesung' and d.type_class in ('HV', 'HZ', 'WW', 'WA')
            and not exists (select 1 from device_assignments a where a.device = d.key and a.main_meter))
      order by 1 limit 1`)
    const pod = unit!.pod
    const key = alarmKey({
      kind: 'VACANT_CONSUMPTION',
      pointOfDelivery: pod,
      device: null,
      subject: LAST_MONTH,
    })
    expect(await keysOf('VACANT_CONSUMPTION')).toContain(key)
    const found = (await findAlarms(ctx.database.db, TODAY)).find((a) => alarmKey(a) === key)!
    expect(found.details.month).toBe(LAST_MONTH)

    // a tenancy that touches the month's last day: not vacant
    const [existing] = await ctx.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.pointOfDelivery, pod))
      .limit(1)
    await ctx.database.db
      .insert(contracts)
      .values({ ...existing!, key: 'ALARMTEST-1', contractStatus: 'A', from: LAST, until: null })
    expect(await keysOf('VACANT_CONSUMPTION')).not.toContain(key)
    await ctx.database.db.delete(contracts).where(eq(contracts.key, 'ALARMTEST-1'))
    expect(await keysOf('VACANT_CONSUMPTION')).toContain(key)

    // no consumption in the month: each value at its end as it was at the month before's
    await ctx.database.db.execute(sql`update measurements m set reading = p.reading
      from measurements p where p.device = m.device and p.reading_date = ${BEFORE}
        and m.point_of_delivery = ${pod} and m.reading_date = ${LAST}`)
    expect(await keysOf('VACANT_CONSUMPTION')).not.toContain(key)
  })

  it('a unit at the threshold above its property per m² raises; a hair below it does not', async () => {
    const all = (await findAlarms(ctx.database.db, TODAY, 0.001)).filter(
      (alarm) => alarm.kind === 'FAR_ABOVE_AVERAGE',
    )
    expect(all.length).toBeGreaterThan(0)
    const sample = all[0]!
    const exact = percentAboveAverage(
      Number(sample.details.perSquareMetre),
      Number(sample.details.propertyPerSquareMetre),
    )!
    const key = alarmKey(sample)
    expect(await keysOf('FAR_ABOVE_AVERAGE', exact)).toContain(key)
    expect(await keysOf('FAR_ABOVE_AVERAGE', exact + 0.01)).not.toContain(key)
  })
})

describe('the daily job', () => {
  let alarms: DeviceAlarm[]
  let found = 0

  beforeAll(async () => {
    await ctx.database.db.delete(deviceAlarms)
  })

  it('raises each alarm once and keeps the state the manager set', async () => {
    const started = performance.now()
    const first = await raiseAlarms(ctx.database.db, { today: TODAY })
    console.info(`alarms job at demo scale: ${Math.round(performance.now() - started)} ms`, first)
    expect(first.raised).toBe(first.found)
    found = first.found
    expect(first.raised).toBeGreaterThan(0)
    alarms = await readAlarms('verwalter')
    const kinds = new Set(alarms.map((alarm) => alarm.kind))
    // the readings changed above: a backward one and a silent device at least
    expect([...kinds]).toEqual(expect.arrayContaining(['BACKWARD_READING', 'SILENT_DEVICE']))
    const seen = alarms[0]!
    expect((await patch('verwalter', seen.id, 'GESEHEN')).statusCode).toBe(200)
    const second = await raiseAlarms(ctx.database.db, { today: TODAY })
    expect(second).toEqual({ found: first.found, raised: 0 })
    const again = await readAlarms('verwalter')
    expect(again).toHaveLength(alarms.length)
    expect(again.find((alarm) => alarm.id === seen.id)!.state).toBe('GESEHEN')
    for (const alarm of again) {
      expect(alarm.link).toBe(
        `/properties/${alarm.propertyConnection}/units/${alarm.pointOfDelivery}`,
      )
      expect(alarm.explanation).toMatch(/Nutzeinheit/)
      expect(alarm.detectedOn).toBe(TODAY)
    }
  })

  it('runs once when two processes claim it at the same time', async () => {
    await ctx.database.db.delete(jobRuns).where(eq(jobRuns.job, 'alarms'))
    await ctx.database.db.delete(deviceAlarms)
    const runs = await Promise.all([
      runClaimedAlarms(ctx.database.db, silentLog),
      runClaimedAlarms(ctx.database.db, silentLog),
    ])
    expect(runs.map((run) => run.raised).sort((a, b) => a - b)).toEqual([0, found])
    expect(await runClaimedAlarms(ctx.database.db, silentLog)).toEqual({ found: 0, raised: 0 })
  })

  it('runs on demand from the provider command line', async () => {
    const run = await runProvider(ctx.database.db, ['alarms'])
    expect(run.code, run.err.join('\n')).toBe(0)
    expect(run.out.at(-1)).toMatch(/^Keine neuen Alarme \(\d+ bereits bekannt\)\.$/)
  })
})

describe('the manager’s routes', () => {
  let alarm: DeviceAlarm
  let notOwned: DeviceAlarm
  let owned: string[]

  beforeAll(async () => {
    const all = await readAlarms('verwalter')
    const ownedRows = await rows<{ connection: string }>(
      sql`select connection from ${await ownedPropertiesOf(ctx, 'eigentuemer')} as owned(connection)`,
    )
    owned = ownedRows.map((r) => r.connection)
    notOwned = all.find((a) => !owned.includes(a.propertyConnection))!
    alarm = all.find((a) => a.state === 'OFFEN')!
  })

  it('filters by property and state; a property the user may not see is 404', async () => {
    const ofProperty = await readAlarms('verwalter', `?connection=${alarm.propertyConnection}`)
    expect(ofProperty.length).toBeGreaterThan(0)
    for (const a of ofProperty) expect(a.propertyConnection).toBe(alarm.propertyConnection)
    for (const a of await readAlarms('verwalter', '?state=OFFEN')) expect(a.state).toBe('OFFEN')
    const hidden = await ctx.app.inject({
      method: 'GET',
      url: `${URL}?connection=${alarm.propertyConnection}`,
      headers: as.fremd,
    })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('shows an owner only his properties’ alarms and another customer none', async () => {
    for (const a of await readAlarms('eigentuemer')) expect(owned).toContain(a.propertyConnection)
    const foreign = await readAlarms('fremd')
    expect(foreign.map((a) => a.id)).not.toContain(alarm.id)
    expect(JSON.stringify(foreign)).not.toMatch(/"companyCode":"1000"/)
    expect((await patch('fremd', alarm.id, 'GESEHEN')).statusCode).toBe(404)
    expect((await patch('eigentuemer', notOwned.id, 'GESEHEN')).statusCode).toBe(404)
    expect((await patch('verwalter', 'kein-alarm', 'GESEHEN')).statusCode).toBe(404)
  })

  it('changes the state once per key, audited; refuses a change the domain forbids (409)', async () => {
    const first = await patch('verwalter', alarm.id, 'ERLEDIGT', 'alarm-done-1')
    expect(first.statusCode, first.body).toBe(200)
    const done = DeviceAlarmSchema.parse(first.json())
    expect(done).toMatchObject({
      state: 'ERLEDIGT',
      stateLabel: 'erledigt',
      stateChangedBy: 'verwalter',
    })
    const repeat = await patch('verwalter', alarm.id, 'ERLEDIGT', 'alarm-done-1')
    expect(repeat.statusCode).toBe(200)
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    expect(repeat.json()).toEqual(first.json())
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, alarm.id), eq(auditLog.action, 'ALARM_STATE_CHANGED')))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ userName: 'verwalter', after: { state: 'ERLEDIGT' } })

    const refused = await patch('verwalter', alarm.id, 'GESEHEN')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      detail: 'Ein erledigter Alarm kann nicht auf „gesehen“ gesetzt werden.',
    })
    expect((await patch('verwalter', alarm.id, 'OFFEN')).json()).toMatchObject({ state: 'OFFEN' })
  })

  it('notifies every user who sees the property of its open alarms, one entry per day', async () => {
    const notifications = async (user: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/persistence/notifications',
        headers: as[user],
      })
      expect(response.statusCode).toBe(200)
      return response.json<{
        items: { id: string; kind: string; title: string; text: string; link: string }[]
      }>().items
    }
    const openThatDay = async () =>
      (await readAlarms('verwalter', `?connection=${alarm.propertyConnection}&state=OFFEN`)).filter(
        (a) => a.detectedOn === alarm.detectedOn,
      )
    const id = `ALARMS-${alarm.propertyConnection}@${alarm.detectedOn}`
    const open = await openThatDay()
    expect(open.map((a) => a.id)).toContain(alarm.id)
    const shown = (await notifications('verwalter')).find((n) => n.id === id)
    expect(shown).toMatchObject({
      kind: 'ALARM',
      title: open.length === 1 ? 'Neuer Alarm' : `${open.length} neue Alarme`,
      link: `/alarms?property=${alarm.propertyConnection}`,
    })
    expect(shown!.text).toContain(alarm.title)
    // the counts by kind add up to the open alarms of that day
    const counted = [...shown!.text.matchAll(/(\d+) × /g)].reduce((sum, m) => sum + Number(m[1]), 0)
    expect(counted).toBe(open.length)
    expect((await notifications('fremd')).map((n) => n.id)).not.toContain(id)
    // an alarm seen is no longer counted; with none open that day, there is no entry
    for (const each of open)
      expect((await patch('verwalter', each.id, 'GESEHEN')).statusCode).toBe(200)
    expect((await notifications('verwalter')).map((n) => n.id)).not.toContain(id)
    for (const each of open)
      expect((await patch('verwalter', each.id, 'OFFEN')).statusCode).toBe(200)
    expect((await notifications('verwalter')).find((n) => n.id === id)?.title).toBe(shown!.title)
  })
})

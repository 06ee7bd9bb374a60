/**
 * "Meine Daten herunterladen" (DSGVO Art. 15 and 20): the signed-in person's profile,
 * actions, reports and uploaded files as a ZIP, and nothing of anybody else.
 */
import { createHash } from 'node:crypto'
import { unzipSync, strFromU8 } from 'fflate'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  operatingCostsDistributions,
  pointsOfDelivery,
  users,
} from '../../src/platform/persistence/schema'
import { uploadFile } from '../fixtures/files'
import { useTestContext, ownedPropertiesOf, firstOf1000 } from '../helper'
import { COMPANY_TENANT, submitTenantChange } from '../tenant-change'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
let distribution: string
let unit: string

beforeAll(async () => {
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  distribution = await firstOf1000(
    ctx,
    operatingCostsDistributions.operatingCostsDistribution,
    sql`${operatingCostsDistributions.propertyConnection} in ${owned}`,
  )
  unit = await firstOf1000(
    ctx,
    pointsOfDelivery.pointOfDelivery,
    sql`${pointsOfDelivery.propertyConnection} in ${owned}`,
  )
})

function upload(user: string, fileName: string, content: Buffer) {
  return uploadFile(
    ctx,
    as[user]!,
    { objectType: 'KOSTENBELEG', objectKey: distribution },
    { fileName, contentType: 'application/pdf', content },
  )
}

async function personalData(user: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/persistence/personal-data',
    headers: as[user],
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('application/zip')
  expect(response.headers['content-disposition']).toContain(`Meine Daten ${user} `)
  expect(response.headers['cache-control']).toBe('private, no-store')
  const files = unzipSync(response.rawPayload)
  const text = (name: string) => strFromU8(files[name]!)
  return { files, text, json: <T>(name: string) => JSON.parse(text(name)) as T }
}

const pdf = (marker: string) =>
  Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`)
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('personal data', () => {
  it('holds the profile, the own actions, reports and uploads with their bytes, nothing of others', async () => {
    const mine = pdf('eigentuemer-beleg')
    const theirs = pdf('verwalter-beleg')
    expect((await upload('eigentuemer', 'Beleg Müller.pdf', mine)).statusCode).toBe(200)
    expect((await upload('verwalter', 'Fremder Beleg.pdf', theirs)).statusCode).toBe(200)
    const reported = await submitTenantChange(ctx, as.eigentuemer!, unit, {
      ...COMPANY_TENANT,
      NAME1: 'Bäckerei Mustermann',
      EMAIL: '',
      TEL: '',
      information: '',
    })
    expect(reported.statusCode, reported.body).toBe(201)

    const data = await personalData('eigentuemer')
    expect(Object.keys(data.files)).toEqual(
      expect.arrayContaining([
        'LIESMICH.txt',
        'profil.json',
        'aktionen.json',
        'meldungen.json',
        'dateien.json',
      ]),
    )
    const [account] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.userName, 'eigentuemer'))
    const profile = data.json<Record<string, unknown>>('profil.json')
    expect(profile).toMatchObject({
      userName: 'eigentuemer',
      name: account!.name,
      mail: account!.mail,
    })
    expect(JSON.stringify(profile)).not.toContain(account!.passwordHash)
    expect(data.text('LIESMICH.txt')).toContain('Art. 15 und Art. 20 DSGVO')

    const listed = data.json<{ fileName: string; sha256: string; path: string }[]>('dateien.json')
    const uploaded = listed.find((file) => file.fileName === 'Beleg Müller.pdf')!
    expect(uploaded.sha256).toBe(sha256(mine))
    expect(Buffer.from(data.files[uploaded.path]!)).toEqual(mine)
    expect(listed.map((file) => file.fileName)).not.toContain('Fremder Beleg.pdf')
    for (const name of Object.keys(data.files)) {
      expect(strFromU8(data.files[name]!, true)).not.toContain('verwalter-beleg')
    }

    const actions = data.json<{ action: string; entityKey: string }[]>('aktionen.json')
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['ATTACHMENT_UPLOADED']),
    )
    const reports =
      data.json<{ activityType: string; content: { NAME1: string } }[]>('meldungen.json')
    expect(
      reports.some(
        (r) => r.activityType === 'MIETERWECHSEL' && r.content.NAME1 === 'Bäckerei Mustermann',
      ),
    ).toBe(true)
    // no trace of another user in what the export selects by user name
    expect(data.text('aktionen.json')).not.toMatch(/"userName": "(verwalter|fremd)"/)

    const other = await personalData('verwalter')
    const otherFiles = other
      .json<{ fileName: string }[]>('dateien.json')
      .map((file) => file.fileName)
    expect(otherFiles).toContain('Fremder Beleg.pdf')
    expect(otherFiles).not.toContain('Beleg Müller.pdf')
    expect(other.text('meldungen.json')).not.toContain('Mustermann')
  })

  it('is refused without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/persistence/personal-data' })
    expect(response.statusCode).toBe(401)
  })
})

/**
 * The changes feed in the bved form (decision 061): the same page as the feed, each distribution
 * whose cost lines users changed as the DTK file of its recorded lines, and the feed's cursor.
 */
import { Readable } from 'node:stream'
import { isProviderExpense, readBvedFile } from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { extract } from 'tar-stream'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  connections,
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../../src/platform/persistence/schema'
import { providerKeyHeader } from '../fixtures/provider-command'
import { useTestContext } from '../helper'

const { ctx, as } = useTestContext(['verwalter'])
let key: { authorization: string }
let target: { id: string; property: string; guid: string; version: number }

const get = (url: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url, headers })

/** The entries of a tar archive, by name. */
async function untar(body: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>()
  const reader = extract()
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk) => chunks.push(chunk as Buffer))
    stream.on('end', () => {
      entries.set(header.name, Buffer.concat(chunks))
      next()
    })
  })
  const done = new Promise<void>((resolve, reject) => {
    reader.on('finish', () => resolve())
    reader.on('error', reject)
  })
  Readable.from([body]).pipe(reader)
  await done
  return entries
}

/** The feed's cursor at its end: what a provider holds after pulling everything so far. */
async function endCursor(): Promise<string> {
  let since = ''
  for (;;) {
    const page = await get(`/api/provider/changes?since=${since}&limit=10000`, key)
    expect(page.statusCode, page.body).toBe(200)
    const { cursor, more } = page.json<{ cursor: string; more: boolean }>()
    since = cursor
    if (!more) return cursor
  }
}

async function changeNote(note: string) {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/persistence/operating-costs/${target.id}/working-expenses/${target.guid}`,
    headers: as.verwalter,
    payload: { note, version: target.version },
  })
  expect(response.statusCode, response.body).toBe(200)
  target.version = response.json<{ version: number }>().version
}

beforeAll(async () => {
  key = await providerKeyHeader(ctx.database.db, 'bved-changes', 'export')
  const rows = await ctx.database.db
    .select({
      id: operatingCostsDistributions.operatingCostsDistribution,
      property: operatingCostsDistributions.propertyConnection,
      guid: operatingCostsExpenses.guid,
      version: operatingCostsExpenses.version,
      tariffComponent: operatingCostsExpenses.tariffComponent,
    })
    .from(operatingCostsDistributions)
    .innerJoin(
      operatingCostsExpenses,
      eq(
        operatingCostsExpenses.operatingCostsDistribution,
        operatingCostsDistributions.operatingCostsDistribution,
      ),
    )
    .innerJoin(
      connections,
      eq(connections.connection, operatingCostsDistributions.propertyConnection),
    )
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, '1000'),
        eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'O'),
        eq(operatingCostsExpenses.kind, 'working'),
        sql`${connections.bvedPropertyNumber} is not null`,
      ),
    )
    .orderBy(operatingCostsDistributions.operatingCostsDistribution, operatingCostsExpenses.guid)
  const row = rows.find((r) => !isProviderExpense({ tariffComponent: r.tariffComponent }))!
  target = { id: row.id, property: row.property, guid: row.guid, version: Number(row.version) }
})

describe('the changes feed as bved files', () => {
  it('gives each distribution whose lines changed on the page as its DTK file, with the feed’s cursor', async () => {
    const since = await endCursor()
    await changeNote('Geändert für den bved-Abruf')
    await changeNote('Noch einmal geändert')
    const response = await get(`/api/provider/changes/bved-costs?since=${since}`, key)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/x-tar')
    const entries = await untar(response.rawPayload)
    const manifest = JSON.parse(entries.get('changes.json')!.toString('utf8')) as {
      cursor: string
      more: boolean
      files: { operatingCostsDistribution: string; file: string }[]
      skipped: unknown[]
    }
    // the feed's page: both changes are on it, and none is left after the manifest's cursor
    const feed = (await get(`/api/provider/changes?since=${since}`, key)).json<{
      items: { action: string }[]
    }>()
    expect(feed.items.map((item) => item.action)).toEqual(['EXPENSE_UPDATED', 'EXPENSE_UPDATED'])
    expect(response.headers['x-changes-cursor']).toBe(manifest.cursor)
    expect(manifest.more).toBe(false)
    const rest = (await get(`/api/provider/changes?since=${manifest.cursor}`, key)).json<{
      items: unknown[]
    }>()
    expect(rest.items).toEqual([])
    // one file for the distribution, however often its lines changed on the page
    expect(manifest.files).toEqual([
      {
        operatingCostsDistribution: target.id,
        file: expect.stringMatching(new RegExp(`^${target.id}/DTK305_\\d{14}\\.DAT$`)),
      },
    ])
    expect(manifest.skipped).toEqual([])
    const file = entries.get(manifest.files[0]!.file)!
    expect(readBvedFile(new Uint8Array(file)).errors).toEqual([])
    // the same bytes as the distribution's own download
    const own = await get(`/api/persistence/operating-costs/${target.id}/bved-costs`, as.verwalter!)
    expect(own.statusCode).toBe(200)
    expect(file.equals(own.rawPayload)).toBe(true)
    const lines = await ctx.database.db
      .select({ guid: operatingCostsExpenses.guid })
      .from(operatingCostsExpenses)
      .where(eq(operatingCostsExpenses.operatingCostsDistribution, target.id))
    expect(
      file
        .toString('latin1')
        .split('\r\n')
        .filter((l) => l.startsWith('K')),
    ).toHaveLength(lines.length)
  })

  it('names a changed distribution without a property number as skipped, and an empty page as none', async () => {
    const since = await endCursor()
    await changeNote('Ohne Liegenschaftsnummer')
    const property = eq(connections.connection, target.property)
    const [before] = await ctx.database.db
      .select({ number: connections.bvedPropertyNumber })
      .from(connections)
      .where(property)
    await ctx.database.db.update(connections).set({ bvedPropertyNumber: null }).where(property)
    try {
      const response = await get(`/api/provider/changes/bved-costs?since=${since}`, key)
      expect(response.statusCode).toBe(200)
      const entries = await untar(response.rawPayload)
      expect([...entries.keys()]).toEqual(['changes.json'])
      const manifest = JSON.parse(entries.get('changes.json')!.toString('utf8')) as {
        cursor: string
        skipped: unknown[]
      }
      expect(manifest.skipped).toEqual([
        {
          operatingCostsDistribution: target.id,
          reason: expect.stringContaining('keine Liegenschaftsnummer'),
        },
      ])
      const after = await get(`/api/provider/changes/bved-costs?since=${manifest.cursor}`, key)
      const empty = JSON.parse((await untar(after.rawPayload)).get('changes.json')!.toString())
      expect(empty).toMatchObject({ more: false, files: [], skipped: [] })
    } finally {
      await ctx.database.db
        .update(connections)
        .set({ bvedPropertyNumber: before!.number })
        .where(property)
    }
  })

  it('refuses a malformed cursor with the feed’s message', async () => {
    const response = await get('/api/provider/changes/bved-costs?since=kaputt!', key)
    expect(response.statusCode).toBe(400)
    expect(response.json<{ code: string }>().code).toBe('INVALID_CURSOR')
  })
})

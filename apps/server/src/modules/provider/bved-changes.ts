/**
 * The changes feed in the bved form (decision 061, issue 29's "the changes feed can also be pulled
 * in this form"): for a page of the feed, each distribution whose cost lines or CO2 split users
 * changed, as a DTK file of its recorded lines now, for billing software that reads bved files
 * rather than events. The page and its cursor are those of the feed itself, so a provider can
 * switch between the two forms at any cursor.
 */
import { pack, type Pack } from 'tar-stream'
import { HttpError } from '../../platform/http-errors'
import type { Database } from '../../platform/persistence/database'
import { distributionCostFile, findDistribution } from '../costs/index'
import { readChanges } from './changes'
import type { ChangeEvent } from './schemas'

/** The events whose distribution's lines a DTK file carries. */
const COST_EVENTS: ReadonlySet<ChangeEvent['action']> = new Set([
  'EXPENSE_ADDED',
  'EXPENSE_UPDATED',
  'EXPENSE_DELETED',
  'CO2_SPLIT_UPDATED',
])

export interface BvedChangesManifest {
  /** The `since` of the next pull, as the feed's own answer has it. */
  cursor: string
  more: boolean
  files: { operatingCostsDistribution: string; file: string }[]
  /** Distributions changed on the page that have no file, with the German reason. */
  skipped: { operatingCostsDistribution: string; reason: string }[]
}

/** The distributions of cost events on the page, in the order they first changed. */
function changedDistributions(items: readonly ChangeEvent[]): string[] {
  const ids: string[] = []
  for (const item of items) {
    if (!COST_EVENTS.has(item.action)) continue
    const id = (item.data as { operatingCostsDistribution?: string }).operatingCostsDistribution
    if (id !== undefined && !ids.includes(id)) ids.push(id)
  }
  return ids
}

/**
 * A tar archive of the page after `since`: `<distribution>/DTK305_….DAT` for each changed
 * distribution, and `changes.json` (the manifest) last.
 */
export async function bvedChangesArchive(
  db: Database,
  query: { since?: string; limit: number },
  now = new Date(),
): Promise<{ archive: Pack; manifest: BvedChangesManifest }> {
  const page = await readChanges(db, query)
  const manifest: BvedChangesManifest = {
    cursor: page.cursor,
    more: page.more,
    files: [],
    skipped: [],
  }
  const entries: { name: string; bytes: Uint8Array }[] = []
  for (const id of changedDistributions(page.items)) {
    const row = await findDistribution(db, id)
    if (!row) {
      manifest.skipped.push({
        operatingCostsDistribution: id,
        reason: 'Die Verteilung gibt es nicht mehr.',
      })
      continue
    }
    try {
      const file = await distributionCostFile(db, row, now)
      const name = `${id}/${file.fileName}`
      entries.push({ name, bytes: file.bytes })
      manifest.files.push({ operatingCostsDistribution: id, file: name })
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error
      manifest.skipped.push({ operatingCostsDistribution: id, reason: error.detail })
    }
  }
  const archive = pack()
  for (const entry of entries) archive.entry({ name: entry.name }, Buffer.from(entry.bytes))
  archive.entry({ name: 'changes.json' }, `${JSON.stringify(manifest, null, 2)}\n`)
  archive.finalize()
  return { archive, manifest }
}

/**
 * The provider command line's part of decision 018:
 *   key create <name> --scope <import,export,steps,users|all>   prints the key once
 *   key list                                                    name, scope, created, last used, revoked
 *   key revoke <name>
 *   changes [--since <cursor>] [--out <file>]                   NDJSON events; the cursor on stderr
 */
import { open } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { TIME_ZONE } from '@portal/domain'
import { HttpError } from '../../platform/http-errors'
import type { Database } from '../../platform/persistence/database'
import { decodeCursor, streamChanges } from './changes'
import {
  createProviderKey,
  listProviderKeys,
  ProviderKeyError,
  revokeProviderKey,
} from './api-keys'

export const PROVIDER_API_USAGE =
  'key create <Name> --scope <import,export,steps,users|all> | key list | key revoke <Name> | changes [--since <Cursor>] [--out <Datei>]'

type Print = (line: string) => void

const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
})
const when = (date: Date | null) => (date ? dateTime.format(date) : '–')

function parse(args: readonly string[], options: Record<string, { type: 'string' }>) {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, strict: true, options })
  } catch {
    return undefined
  }
}

async function keyCommand(
  args: readonly string[],
  db: Database,
  out: Print,
): Promise<number | undefined> {
  const [sub, ...rest] = args
  const parsed = parse(rest, { scope: { type: 'string' } })
  if (!parsed) return undefined
  const { values, positionals } = parsed
  if (sub === 'create' && positionals.length === 1 && values.scope !== undefined) {
    const created = await createProviderKey(db, positionals[0]!, values.scope)
    out(
      `Schlüssel ${created.name} (Bereich ${created.scope}) angelegt. Er wird nur jetzt angezeigt; gespeichert ist nur sein SHA-256:`,
    )
    out(created.key)
    return 0
  }
  if (sub === 'list' && positionals.length === 0 && values.scope === undefined) {
    const keys = await listProviderKeys(db)
    if (keys.length === 0) {
      out('Es gibt keine Provider-Schlüssel.')
      return 0
    }
    const rows = [
      ['Name', 'Bereich', 'angelegt', 'zuletzt verwendet', 'widerrufen'],
      ...keys.map((k) => [
        k.name,
        k.scope,
        when(k.createdAt),
        when(k.lastUsedAt),
        when(k.revokedAt),
      ]),
    ]
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((r) => r[column]!.length)))
    for (const row of rows)
      out(
        row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
    return 0
  }
  if (sub === 'revoke' && positionals.length === 1 && values.scope === undefined) {
    await revokeProviderKey(db, positionals[0]!)
    out(`Schlüssel ${positionals[0]!} widerrufen; er wird ab sofort abgewiesen.`)
    return 0
  }
  return undefined
}

async function changesCommand(
  args: readonly string[],
  db: Database,
  out: Print,
  err: Print,
): Promise<number | undefined> {
  const parsed = parse(args, { since: { type: 'string' }, out: { type: 'string' } })
  if (!parsed || parsed.positionals.length > 0) return undefined
  const { since, out: file } = parsed.values
  // a broken cursor is refused before the file is opened (and emptied)
  decodeCursor(since)
  if (file === undefined) {
    const { cursor } = await streamChanges(db, since, (lines) => lines.forEach(out))
    err(cursor)
    return 0
  }
  const handle = await open(file, 'w')
  try {
    const { cursor, events } = await streamChanges(db, since, async (lines) => {
      await handle.write(`${lines.join('\n')}\n`)
    })
    out(`${events} Ereignis(se) nach ${file} geschrieben.`)
    err(cursor)
    return 0
  } finally {
    await handle.close()
  }
}

/**
 * Runs `key …` or `changes …`; answers the exit code, or undefined when `args` is neither (or is
 * malformed: the caller prints the usage).
 */
export async function runProviderApiCommand(
  args: readonly string[],
  db: Database,
  out: Print,
  err: Print,
): Promise<number | undefined> {
  const [command, ...rest] = args
  try {
    if (command === 'key') return await keyCommand(rest, db, out)
    if (command === 'changes') return await changesCommand(rest, db, out, err)
    return undefined
  } catch (error) {
    if (error instanceof ProviderKeyError) {
      err(`Abgelehnt: ${error.message}`)
      return 1
    }
    if (error instanceof HttpError) {
      err(`Abgelehnt: ${error.detail}`)
      return 1
    }
    throw error
  }
}

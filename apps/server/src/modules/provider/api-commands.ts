/**
 * The provider command line's part of decision 018:
 *   key create <name> --scope <import,export,steps,users|all>   prints the key once
 *   key list                                                    name, scope, created, last used, revoked
 *   key revoke <name>
 *   changes [--since <cursor>] [--out <file>]                   NDJSON events and the next cursor
 *
 * `changes` without `--out` prints the events on stdout and the next cursor alone on stderr; with
 * `--out` it appends the new events to the file (and leaves it alone when there are none) and
 * prints the next cursor alone on stdout, only on success: a failure prints a German line on
 * stderr, exits 1 and takes back what it appended, so the caller keeps its cursor (README).
 */
import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
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
  // a broken cursor is refused before anything is read or written
  decodeCursor(since)
  if (file === undefined) {
    const { cursor } = await streamChanges(db, since, (lines) => lines.forEach(out))
    err(cursor)
    return 0
  }
  // relative to where `npm run` was started, as DATA_DIR (npm runs the command in apps/server)
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
  let handle: FileHandle | undefined
  let sizeBefore = 0
  try {
    const { cursor, events } = await streamChanges(db, since, async (lines) => {
      if (!handle) {
        handle = await open(target, 'a')
        sizeBefore = (await handle.stat()).size
      }
      await handle.write(`${lines.join('\n')}\n`)
    })
    await handle?.close()
    handle = undefined
    err(
      events === 0
        ? `Keine neuen Ereignisse; ${file} bleibt unverändert.`
        : `${events} Ereignis(se) an ${file} angehängt.`,
    )
    out(cursor)
    return 0
  } catch (error) {
    // what this call appended goes again: the next call with the old cursor appends it once
    if (handle) {
      await handle.truncate(sizeBefore).catch(() => undefined)
      await handle.close().catch(() => undefined)
    }
    if (error instanceof HttpError) throw error
    const reason = (error as NodeJS.ErrnoException).code ?? String(error)
    err(
      `Abgelehnt: Die Änderungen wurden nicht an ${file} angehängt (${reason}); der bisherige Cursor gilt weiter.`,
    )
    return 1
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

/**
 * `npm run provider -- import <folder> [--prune] [--progress]` and `… dump <folder> [--progress]`:
 * German result lines on `out`, the refusal and every issue on `err` (exit code 1). The progress
 * line goes to stderr when it is a terminal, or with `--progress`.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { INTERCHANGE_ENTITY_LIST } from '@portal/domain/interchange'
import type { Database } from '../../../platform/persistence/database'
import { PROVIDER_USER } from '../../../platform/persistence/actors'
import { formatIssue } from './checker'
import { dumpFolder, DumpFolderNotEmptyError } from './dump'
import { importFolder, InterchangeImportError, ERROR_LIMIT } from './import'
import { ImportLimitError } from './limits'
import { ProgressLine } from './progress'

export const INTERCHANGE_USAGE =
  'import <Ordner> [--prune] [--progress] | dump <Ordner> [--progress]'

const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
})

function parse(args: readonly string[], prune: boolean) {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        progress: { type: 'boolean', default: false },
        ...(prune ? { prune: { type: 'boolean' as const, default: false } } : {}),
      },
    })
    if (positionals.length !== 1) return undefined
    // relative to where `npm run` was started, as DATA_DIR (npm runs the command in apps/server)
    const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!)
    return { folder, progress: values.progress, prune: values.prune === true }
  } catch {
    return undefined
  }
}

/**
 * Runs `import` or `dump`; answers the exit code, or undefined when `args` is neither command (or
 * malformed: the caller prints the usage).
 */
export async function runInterchangeCommand(
  args: readonly string[],
  db: Database,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number | undefined> {
  const [command, ...rest] = args
  if (command !== 'import' && command !== 'dump') return undefined
  const options = parse(rest, command === 'import')
  if (!options) return undefined
  const progress =
    options.progress || process.stderr.isTTY ? new ProgressLine(process.stderr) : undefined
  const started = performance.now()
  const seconds = () => decimal.format((performance.now() - started) / 1000)
  if (command === 'dump') {
    try {
      const result = await dumpFolder(db, options.folder, {
        onProgress: (p) => progress?.dumpProgress(p),
      })
      progress?.end()
      out(
        `Export nach ${options.folder}: ${number.format(result.rows)} Datensätze in ${INTERCHANGE_ENTITY_LIST.length} Dateien und ${number.format(result.attachmentFiles)} Anhänge in ${seconds()} s.`,
      )
      return 0
    } catch (error) {
      progress?.end()
      if (!(error instanceof DumpFolderNotEmptyError)) throw error
      err(`Abgelehnt: ${error.message}`)
      return 1
    }
  }
  if (!existsSync(options.folder)) {
    err(`Abgelehnt: Den Ordner ${options.folder} gibt es nicht.`)
    return 1
  }
  try {
    const result = await importFolder(db, options.folder, {
      prune: options.prune,
      auditAs: PROVIDER_USER,
      onProgress: (p) => progress?.importProgress(p),
    })
    progress?.end()
    for (const entity of INTERCHANGE_ENTITY_LIST) {
      const counts = result.entities[entity.name]
      if (!counts) continue
      const unchanged = counts.rows - counts.inserted - counts.updated
      out(
        `${entity.file.padEnd(38)} ${number.format(counts.rows).padStart(11)} Datensätze: ${number.format(counts.inserted)} neu, ${number.format(counts.updated)} geändert, ${number.format(unchanged)} unverändert${options.prune ? `, ${number.format(counts.deleted)} entfernt` : ''}`,
      )
    }
    const { total, seconds: phases } = result
    out(
      `Geprüft nach ${decimal.format(phases.check)} s, geschrieben (zugleich) nach ${decimal.format(phases.write)} s, ${options.prune ? 'Entfernen, ' : ''}Indizes und Abschluss ${decimal.format(phases.finish)} s.`,
    )
    out(
      `Import aus ${options.folder} in ${seconds()} s: ${number.format(total.rows)} Datensätze, ${number.format(total.inserted)} neu, ${number.format(total.updated)} geändert, ${number.format(total.unchanged)} unverändert${options.prune ? `, ${number.format(total.deleted)} entfernt` : ''}.`,
    )
    return 0
  } catch (error) {
    progress?.end()
    if (error instanceof ImportLimitError) {
      err(`Import abgelehnt, nichts wurde geschrieben: ${error.message}`)
      return 1
    }
    if (!(error instanceof InterchangeImportError)) throw error
    const stopped = error.issues.length >= ERROR_LIMIT
    err(
      `Import abgelehnt, nichts wurde geschrieben (${number.format(error.issues.length)}${stopped ? ' und mehr' : ''} Fehler):`,
    )
    for (const issue of error.issues) err(`  ${formatIssue(issue)}`)
    if (stopped) err(`  Die Prüfung hat nach ${ERROR_LIMIT} Fehlern aufgehört.`)
    return 1
  }
}

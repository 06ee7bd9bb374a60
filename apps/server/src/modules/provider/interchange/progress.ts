/**
 * The progress line of `provider import` and `provider dump`: records per second, on stderr. On a
 * terminal it is rewritten in place (at most five times a second); elsewhere (`--progress` into a
 * log) one line a second. An import checks and writes at the same time: the line shows both.
 */
import type { DumpProgress } from './dump'
import type { ImportProgress } from './import'

const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 })
const percent = (part: number, whole: number) =>
  whole > 0 ? `${number.format(Math.floor((part / whole) * 100))} %` : '0 %'

const LABELS: Record<ImportProgress['phase'], string> = {
  check: 'Prüfen',
  write: 'Schreiben',
  prune: 'Entfernen',
  finish: 'Indizes und Fremdschlüssel',
}

export class ProgressLine {
  private line = ''
  private shownAt = 0
  private shown = false
  /** When each kind of work began, for its rate. */
  private readonly started = new Map<string, number>()
  /** The latest text of checking and of writing. */
  private readonly parts = new Map<string, string>()

  constructor(private readonly stream: NodeJS.WritableStream & { isTTY?: boolean }) {}

  private show(line: string, text: string): void {
    const now = performance.now()
    const force = line !== this.line
    if (force && this.shown && this.stream.isTTY) this.stream.write('\n')
    this.line = line
    if (!force && now - this.shownAt < (this.stream.isTTY ? 200 : 1000)) return
    this.shownAt = now
    this.shown = true
    this.stream.write(this.stream.isTTY ? `\r${text}\x1b[K` : `${text}\n`)
  }

  private rate(kind: string, rows: number): string {
    const now = performance.now()
    if (!this.started.has(kind)) this.started.set(kind, now)
    const seconds = (now - this.started.get(kind)!) / 1000
    return seconds > 0.5 ? `, ${number.format(rows / seconds)}/s` : ''
  }

  importProgress(progress: ImportProgress): void {
    const label = LABELS[progress.phase]
    if (progress.phase === 'prune' || progress.phase === 'finish') {
      this.show(progress.phase, progress.file ? `${label}: ${progress.file}` : label)
      return
    }
    const done =
      progress.bytes !== undefined && progress.totalBytes !== undefined
        ? ` (${percent(progress.bytes, progress.totalBytes)})`
        : ''
    this.parts.set(
      progress.phase,
      `${label} ${progress.file}${done}: ${number.format(progress.rows)} Datensätze${this.rate(progress.phase, progress.rows)}`,
    )
    this.show('import', [...this.parts.values()].join(' | '))
  }

  dumpProgress(progress: DumpProgress): void {
    this.show(
      'dump',
      `Exportieren ${progress.file}: ${number.format(progress.rows)} Datensätze${this.rate('dump', progress.rows)}`,
    )
  }

  /** Ends the line on a terminal, before the result is printed. */
  end(): void {
    if (this.shown && this.stream.isTTY) this.stream.write('\n')
    this.shown = false
  }
}

/**
 * The settings file (decision 039): `ENV_FILE=/etc/kundenportal.env` names it once for the server
 * and every `npm run provider` command. It is read with the rules on which systemd's
 * `EnvironmentFile=` and a POSIX shell (`set -a; . file`) agree, so that the same file serves the
 * systemd unit, a shell and the server with the same values:
 * - `KEY=value` lines (no spaces around `=`), empty lines, `#` comment lines on their own;
 * - the value bare, or whole in double or single quotes;
 * - everything else is refused, naming the line: an unquoted value with a space (systemd keeps
 *   ` # comment` in the value, a shell drops it), a shell-special character outside quotes,
 *   `$`, `` ` `` or `\` inside double quotes (a shell expands them, systemd does not), a value
 *   over several lines, `export KEY=…`.
 * Node's `util.parseEnv` is not used: it strips inline comments and refuses nothing.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export interface ParsedEnvFile {
  values: Map<string, string>
  /** German lines naming file, line number and what is wrong; the line's variable is not set. */
  problems: string[]
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/
/** Characters a shell treats specially in an unquoted assignment value (and whitespace). */
const SHELL_SPECIAL = /[\s"'`$\\;&|<>()]/
/** Inside double quotes a shell still expands these; systemd would not. */
const DOUBLE_QUOTE_SPECIAL = /[$`\\"]/

/** Parses the text of a settings file; `name` is how its lines are named in the problems. */
export function parseEnvFile(text: string, name: string): ParsedEnvFile {
  const values = new Map<string, string>()
  const problems: string[] = []
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  lines.forEach((raw, index) => {
    const problem = (rule: string) => problems.push(`${name}, Zeile ${index + 1}: ${rule}`)
    if (raw.includes('\r')) {
      problem(
        'endet mit einem Wagenrücklauf (Windows-Zeilenende); speichern Sie die Datei mit Unix-Zeilenenden.',
      )
      return
    }
    const line = raw.replace(/^[ \t]+/, '')
    if (line === '' || line.startsWith('#')) return
    const equals = line.indexOf('=')
    const key = equals < 0 ? line : line.slice(0, equals)
    if (equals < 0 || !KEY.test(key)) {
      problem(
        `${JSON.stringify(raw.trim().slice(0, 60))} ist keine Zuweisung NAME=Wert (ohne Leerzeichen um das „=“, ohne „export“); Kommentare stehen in eigenen Zeilen, die mit „#“ beginnen.`,
      )
      return
    }
    const value = parseValue(line.slice(equals + 1))
    if (typeof value === 'object') {
      problem(`${key}: ${value.refused}`)
      return
    }
    values.set(key, value)
  })
  return { values, problems }
}

/** A value: bare, or whole in quotes (trailing blanks allowed); `{ refused }` says why not. */
function parseValue(text: string): string | { refused: string } {
  const trimmed = text.replace(/[ \t]+$/, '')
  const quote = trimmed[0]
  if (quote === '"' || quote === "'") {
    const end = trimmed.indexOf(quote, 1)
    if (end < 0)
      return { refused: `das schließende ${quote} fehlt (ein Wert steht auf einer Zeile).` }
    if (end !== trimmed.length - 1)
      return {
        refused: `nach dem schließenden ${quote} folgt noch etwas; Kommentare stehen in eigenen Zeilen, die mit „#“ beginnen.`,
      }
    const inner = trimmed.slice(1, end)
    if (quote === '"' && DOUBLE_QUOTE_SPECIAL.test(inner))
      return {
        refused:
          'in doppelten Anführungszeichen werden $, ` und \\ von einer Shell ersetzt, von systemd nicht; setzen Sie den Wert in einfache Anführungszeichen.',
      }
    return inner
  }
  if (/\s#/.test(trimmed))
    return {
      refused:
        'Kommentar hinter dem Wert: systemd nimmt ihn in den Wert auf, eine Shell nicht; schreiben Sie Kommentare in eigene Zeilen, die mit „#“ beginnen.',
    }
  if (SHELL_SPECIAL.test(trimmed) || /^~|:~/.test(trimmed))
    return {
      refused:
        'der Wert enthält Leerzeichen oder Zeichen, die eine Shell deutet (z. B. < > $ ; & | ` \\ ~); setzen Sie ihn in einfache Anführungszeichen.',
    }
  return trimmed
}

/**
 * Reads the file `env.ENV_FILE` names (relative to where npm was started) into `env`: a variable
 * already set there wins, as with systemd's `Environment=` beside `EnvironmentFile=`. Answers the
 * problems (file missing, lines refused); without `ENV_FILE` nothing happens.
 */
export function applyEnvFile(env: NodeJS.ProcessEnv = process.env): string[] {
  const named = env.ENV_FILE?.trim()
  if (!named) return []
  const file = path.resolve(env.INIT_CWD ?? process.cwd(), named)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT'
        ? 'die Datei gibt es nicht'
        : code === 'EACCES' || code === 'EPERM'
          ? 'dieser Benutzer darf die Datei nicht lesen'
          : `die Datei ist nicht lesbar (${code ?? (error as Error).message})`
    return [`ENV_FILE=${named}: ${why}.`]
  }
  const parsed = parseEnvFile(text, `ENV_FILE ${named}`)
  for (const [key, value] of parsed.values) {
    if (env[key] === undefined) env[key] = value
  }
  return parsed.problems
}

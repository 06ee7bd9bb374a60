/**
 * Decision 015: the data folder (`DATA_DIR`: the PGlite database with its WAL, the generated JWT
 * secret, the mail outbox, the lock file) is private to the user the server runs as: the folder and
 * every folder in it 0700, every file 0600, whatever the umask. PGlite writes the files of a new
 * database 0666 and some it creates later 0644, so the modes are set after PGlite created files
 * (open, migrate, close) and checked at every start. At start, what this user owns is corrected
 * (with a German warning when the folder itself was open to others); a group- or world-accessible
 * entry of another user, or a folder this user cannot write, refuses the start with one German line.
 */
import { constants } from 'node:fs'
import { access, chmod, lstat, readdir } from 'node:fs/promises'
import { userInfo } from 'node:os'
import path from 'node:path'

export const FOLDER_MODE = 0o700
export const FILE_MODE = 0o600
const OTHERS = 0o077

/** The data folder cannot be used as it is; the message says which folder, what and what to do. */
export class DataFolderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DataFolderError'
  }
}

/** Permission checks mean nothing on Windows, where modes are not POSIX. */
const posix = process.platform !== 'win32'

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code
}

function userName(): string {
  try {
    return userInfo().username
  } catch {
    return String(process.getuid?.() ?? '')
  }
}

/** Every folder and file below `folder` (not the folder itself), symbolic links not followed. */
async function* entries(
  folder: string,
): AsyncGenerator<{ path: string; directory: boolean; link: boolean }> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name)
    const link = entry.isSymbolicLink()
    yield { path: full, directory: entry.isDirectory(), link }
    if (entry.isDirectory()) yield* entries(full)
  }
}

export interface TightenResult {
  /** Entries whose mode was changed. */
  corrected: number
  /** The folder itself was group- or world-accessible (everything in it was reachable). */
  folderWasOpen: boolean
  /** Group- or world-accessible entries of another user, which this process must not change. */
  foreign: string[]
}

async function tightenOne(file: string, result: TightenResult, isRoot: boolean): Promise<void> {
  let stats
  try {
    stats = await lstat(file)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return // removed meanwhile (PGlite's temporary files)
    throw error
  }
  if (stats.isSymbolicLink() || (stats.mode & OTHERS) === 0) return
  if (stats.uid !== process.getuid!()) {
    result.foreign.push(file)
    return
  }
  // only group's and others' rights go: a file the operator made read-only stays read-only
  await chmod(file, stats.mode & 0o700)
  result.corrected++
  if (isRoot) result.folderWasOpen = true
}

/**
 * Takes group's and others' rights from the folder and everything in it that this user owns, so
 * that folders are 0700 and files 0600 (less when the owner took rights away himself). Entries of
 * other users are listed, not changed. A missing folder is left missing.
 */
export async function tightenDataFolder(folder: string): Promise<TightenResult> {
  const result: TightenResult = { corrected: 0, folderWasOpen: false, foreign: [] }
  if (!posix) return result
  try {
    await lstat(folder)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return result
    throw error
  }
  await tightenOne(folder, result, true)
  try {
    for await (const entry of entries(folder)) {
      if (!entry.link) await tightenOne(entry.path, result, false)
    }
  } catch (error) {
    // a folder this user cannot read: the writability check names it
    if (errorCode(error) !== 'EACCES' && errorCode(error) !== 'EPERM') throw error
  }
  return result
}

/** The German line for a data folder this user cannot read or write. */
export function notWritableMessage(folder: string, entry: string, user = userName()): string {
  const what =
    entry === folder ? 'der Ordner selbst' : `${path.relative(folder, entry) || entry} darin`
  return (
    `Der Datenordner ${folder} ist nicht beschreibbar (${what}: keine Lese- und Schreibrechte ` +
    `für den Benutzer ${user}). Der Server braucht Lese- und Schreibrechte auf den Ordner und ` +
    `alle Dateien darin: Geben Sie sie dem Benutzer ${user} (z. B. chown -R ${user} ${folder} ` +
    `und chmod -R u+rwX ${folder}) oder setzen Sie DATA_DIR auf einen anderen Ordner.`
  )
}

/** The German line for group- or world-accessible entries of another user. */
export function foreignEntriesMessage(
  folder: string,
  foreign: string[],
  user = userName(),
): string {
  const first = path.relative(folder, foreign[0]!) || foreign[0]!
  return (
    `Der Datenordner ${folder} enthält ${foreign.length} für andere Benutzer zugängliche ` +
    `Einträge, die nicht dem Benutzer ${user} gehören (z. B. ${first}); der Server ändert ihre ` +
    `Rechte nicht und startet so nicht. Geben Sie den Ordner dem Benutzer ${user} ` +
    `(chown -R ${user} ${folder}) oder entziehen Sie Gruppe und anderen die Rechte ` +
    `(chmod -R go-rwx ${folder}).`
  )
}

/** The first entry (the folder, or something in it) this user cannot read and write. */
async function firstNotWritable(folder: string): Promise<string | undefined> {
  const folderRights = constants.R_OK | constants.W_OK | constants.X_OK
  try {
    await access(folder, folderRights)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    return folder
  }
  for await (const entry of entries(folder)) {
    if (entry.link) continue
    try {
      await access(entry.path, entry.directory ? folderRights : constants.R_OK | constants.W_OK)
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') return entry.path
    }
  }
  return undefined
}

/**
 * The check at start. Throws `DataFolderError` when the folder (if `writable`) or an entry in it
 * cannot be read and written by this user, or when another user's entry is open to others;
 * otherwise corrects the modes of this user's entries and warns in German when the folder itself
 * was open to others. A missing folder passes: it is created 0700 when needed.
 */
export async function checkDataFolder(
  folder: string,
  options: { writable: boolean; warn?: (message: string) => void },
): Promise<TightenResult> {
  if (options.writable) {
    let blocked: string | undefined
    try {
      blocked = await firstNotWritable(folder)
    } catch (error) {
      if (errorCode(error) !== 'EACCES' && errorCode(error) !== 'EPERM') throw error
      blocked = folder
    }
    if (blocked !== undefined) throw new DataFolderError(notWritableMessage(folder, blocked))
  }
  const result = await tightenDataFolder(folder)
  if (result.foreign.length > 0) {
    throw new DataFolderError(foreignEntriesMessage(folder, result.foreign))
  }
  if (result.folderWasOpen) {
    const warn = options.warn ?? ((message: string) => console.warn(message))
    warn(
      `Warnung: Der Datenordner ${folder} war für andere Benutzer zugänglich. Die Rechte von ` +
        `${result.corrected} Einträgen wurden auf 0700 (Ordner) und 0600 (Dateien) gesetzt. ` +
        'Prüfen Sie, wer zwischenzeitlich Zugriff hatte: Datenbank, JWT-Secret und ' +
        'Postausgang lagen offen.',
    )
  }
  return result
}

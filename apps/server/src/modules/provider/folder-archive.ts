/**
 * The interchange folder as one tar archive (decision 018), for `POST /api/provider/import` and
 * `GET /api/provider/dump`: the archive holds exactly what the folder holds (the NDJSON files at
 * its root, the attachments' bytes in `attachments/`), so `tar -C <folder> -cf - .` and the
 * folder `provider dump` writes are the same thing. Extracting accepts regular files at those two
 * levels only (optionally all below one common top folder, as `tar -cf x.tar dump` writes them);
 * links, devices, deeper paths and names with `..` are refused before anything is written.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { extract, pack, type Pack } from 'tar-stream'
import {
  archiveTooLarge,
  fileTooLarge,
  ImportLimitError,
  type ImportLimits,
} from './interchange/limits'

export const ATTACHMENTS_FOLDER = 'attachments'

/** An archive that is not one of an interchange folder; nothing of it was imported. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ArchiveError'
  }
}

/** A file name of the format: no folder, no `..`, nothing hidden. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/

/** Where an archive entry goes inside the folder, or why it may not. */
function placeOf(name: string, expectedTop: { value?: string }): string | null {
  const parts = name.replace(/^(\.\/)+/, '').split('/')
  if (parts.at(-1) === '') parts.pop()
  if (parts.length === 0 || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new ArchiveError(`Der Eintrag ${name} hat keinen zulässigen Pfad.`)
  }
  // one common top folder (`dump/…`) is taken off; `attachments/` itself is never one
  let top = ''
  if (parts.length > 1 && parts[0] !== ATTACHMENTS_FOLDER) top = parts.shift()!
  if (expectedTop.value === undefined) expectedTop.value = top
  if (top !== expectedTop.value) {
    throw new ArchiveError(
      `Der Eintrag ${name} liegt nicht im selben Ordner wie die übrigen; das Archiv muss einen Export-Ordner enthalten.`,
    )
  }
  const base = parts.at(-1)!
  // hidden files that archivers add (macOS' ._ files, .DS_Store) are not part of the folder
  if (base.startsWith('.')) return null
  if (!FILE_NAME.test(base)) throw new ArchiveError(`Der Dateiname ${base} ist nicht zulässig.`)
  if (parts.length === 1) return base
  if (parts.length === 2 && parts[0] === ATTACHMENTS_FOLDER) {
    return path.join(ATTACHMENTS_FOLDER, base)
  }
  throw new ArchiveError(
    `Der Eintrag ${name} liegt zu tief: erlaubt sind die Dateien des Formats und attachments/<Datei>.`,
  )
}

/** Passes the bytes on until more than `limit` went by; then fails with `archiveTooLarge`. */
function counting(limit: number): Transform {
  let bytes = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > limit) done(archiveTooLarge(limit))
      else done(null, chunk)
    },
  })
}

/**
 * Writes the files of the tar `input` into the empty folder `folder` (and its `attachments/`);
 * answers the number of files. Throws `ArchiveError` for an archive that is not a folder of the
 * format, `ImportLimitError` for one beyond `limits` (decompressed: the archive as a whole, each
 * file by the size its header declares, before any byte of it is written); the caller removes the
 * folder.
 */
export async function extractArchive(
  input: Readable,
  folder: string,
  limits: Pick<ImportLimits, 'totalBytes' | 'fileBytes'>,
): Promise<number> {
  await mkdir(path.join(folder, ATTACHMENTS_FOLDER), { recursive: true })
  const archive = extract()
  const top: { value?: string } = {}
  const written = new Set<string>()
  let limitError: ImportLimitError | undefined
  // not a pipeline with `input`: a refusal stops reading it but leaves it (the request) whole, so
  // that the answer still goes out on its connection
  const counter = counting(limits.totalBytes)
  input.on('error', (error) => counter.destroy(error))
  input.pipe(counter)
  const reading = pipeline(counter, archive).catch((error: unknown) => {
    if (error instanceof ImportLimitError) throw (limitError = error)
    throw new ArchiveError(`Das Archiv ist kein lesbares tar-Archiv (${String(error)}).`)
  })
  let bytes = 0
  let files = 0
  try {
    for await (const entry of archive) {
      const { header } = entry
      if (header.type === 'directory') {
        entry.resume()
        continue
      }
      if (header.type !== 'file' && header.type !== 'contiguous-file') {
        throw new ArchiveError(
          `Der Eintrag ${header.name} ist keine gewöhnliche Datei (${header.type}).`,
        )
      }
      const place = placeOf(header.name, top)
      if (place === null) {
        entry.resume()
        continue
      }
      if (written.has(place)) throw new ArchiveError(`Die Datei ${place} steht zweimal im Archiv.`)
      written.add(place)
      const size = header.size ?? 0
      if (size > limits.fileBytes) throw fileTooLarge(place, limits.fileBytes)
      bytes += size
      if (bytes > limits.totalBytes) throw archiveTooLarge(limits.totalBytes)
      await pipeline(entry, createWriteStream(path.join(folder, place), { flags: 'wx' }))
      files++
    }
  } catch (error) {
    // no byte more is read (a gzip bomb is not inflated further); the caller closes the connection
    input.unpipe(counter)
    input.pause()
    counter.destroy()
    reading.catch(() => undefined)
    if (error instanceof ArchiveError || error instanceof ImportLimitError) throw error
    // the archive's stream failed, which ends the reading of its entries as well
    if (limitError) throw limitError
    throw new ArchiveError(`Das Archiv ist kein lesbares tar-Archiv (${String(error)}).`)
  }
  await reading
  if (files === 0) throw new ArchiveError('Das Archiv enthält keine Datei.')
  return files
}

async function filesOf(folder: string, under = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, under), { withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.posix.join(under, entry.name))
    .sort()
}

/**
 * The folder as a tar stream: its files, then `attachments/` and its files. Each file is read
 * while it is written into the archive, so memory stays flat.
 */
export function packFolder(folder: string): Readable {
  const archive: Pack = pack()
  const add = async () => {
    const names = [...(await filesOf(folder)), ...(await filesOf(folder, ATTACHMENTS_FOLDER))]
    archive.entry({ name: `${ATTACHMENTS_FOLDER}/`, type: 'directory', mode: 0o755 })
    for (const name of names) {
      const file = path.join(folder, name)
      const { size, mtime } = await stat(file)
      await new Promise<void>((resolve, reject) => {
        const sink = archive.entry({ name, size, mtime, mode: 0o644 }, (error) =>
          error ? reject(error) : resolve(),
        )
        createReadStream(file).on('error', reject).pipe(sink)
      })
    }
    archive.finalize()
  }
  add().catch((error: unknown) => archive.destroy(error as Error))
  return Readable.from(archive as AsyncIterable<Uint8Array>)
}

/**
 * Decision 028: an upload's bytes on their way to the database, in a temporary file of their own
 * (TMPDIR, readable by this user alone) instead of memory. The file is written while the request
 * streams in, read back chunk by chunk inside the short transaction that stores the upload, and
 * removed afterwards, whatever happened.
 *
 * Why not stream straight into the transaction: it would stay open as long as the client takes to
 * send, minutes for 20 MB on a slow line. PGlite runs one transaction at a time and every other
 * request would wait; on PostgreSQL each upload would hold one of the pool's ten connections.
 */
import { randomUUID } from 'node:crypto'
import { readSync } from 'node:fs'
import { open, unlink, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ByteSource } from './detect-type'

/** The temporary file could not be written or read (disk full, TMPDIR missing): a 500. */
export class UploadSpoolError extends Error {
  constructor(cause: unknown) {
    super('Die hochgeladene Datei konnte nicht zwischengespeichert werden.', { cause })
    this.name = 'UploadSpoolError'
  }
}

const spoolErrors = async <T>(action: () => Promise<T>): Promise<T> => {
  try {
    return await action()
  } catch (error) {
    throw new UploadSpoolError(error)
  }
}

/**
 * Moves all of `buffer` to or from the file at `position` in as many calls of `move` as it takes:
 * `move` moves at most `length` bytes from `offset` in the buffer and answers how many it moved.
 */
async function wholeBuffer(
  buffer: Uint8Array,
  position: number,
  move: (offset: number, length: number, position: number) => Promise<number>,
): Promise<void> {
  for (let done = 0; done < buffer.length;) {
    done += await move(done, buffer.length - done, position + done)
  }
}

export class UploadSpool implements ByteSource {
  #size = 0
  #removed = false

  private constructor(
    private readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  /** A new empty file under TMPDIR, mode 0600. */
  static async create(): Promise<UploadSpool> {
    const file = path.join(tmpdir(), `portal-upload-${randomUUID()}`)
    const handle = await spoolErrors(() => open(file, 'wx+', 0o600))
    return new UploadSpool(file, handle)
  }

  get size(): number {
    return this.#size
  }

  /** Appends `piece`; wait for it before the next one. */
  async write(piece: Uint8Array): Promise<void> {
    await spoolErrors(() =>
      wholeBuffer(piece, this.#size, async (offset, length, position) => {
        const { bytesWritten } = await this.handle.write(piece, offset, length, position)
        return bytesWritten
      }),
    )
    this.#size += piece.length
  }

  /** For the type check's few small reads at the end of an upload (a ZIP file's directory). */
  read(offset: number, length: number): Uint8Array {
    const bytes = Buffer.alloc(Math.max(0, Math.min(length, this.#size - offset)))
    try {
      for (let done = 0; done < bytes.length;) {
        const read = readSync(this.handle.fd, bytes, done, bytes.length - done, offset + done)
        if (read === 0) break
        done += read
      }
    } catch (error) {
      throw new UploadSpoolError(error)
    }
    return bytes
  }

  /** The content from its start in pieces of `size` bytes, the last one shorter; one at a time. */
  async *chunks(size: number): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < this.#size; offset += size) {
      const chunk = Buffer.allocUnsafe(Math.min(size, this.#size - offset))
      await spoolErrors(() =>
        wholeBuffer(chunk, offset, async (start, length, position) => {
          const { bytesRead } = await this.handle.read(chunk, start, length, position)
          if (bytesRead === 0) throw new Error(`${this.file} ist kürzer als erwartet.`)
          return bytesRead
        }),
      )
      yield chunk
    }
  }

  /** Closes and deletes the file; again is harmless. */
  async remove(): Promise<void> {
    if (this.#removed) return
    this.#removed = true
    try {
      await this.handle.close()
    } finally {
      await unlink(this.file).catch(() => {})
    }
  }
}

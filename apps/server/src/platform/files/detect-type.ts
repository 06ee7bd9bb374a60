/**
 * ARCHITECTURE 3.2: the type of an upload is decided by its first bytes, never by its name or the
 * Content-Type the browser sent. PDF, JPEG and PNG by their magic numbers; XLSX and DOCX are ZIP
 * files whose `[Content_Types].xml` declares the workbook or document main part; CSV is valid UTF-8
 * text without NUL bytes whose name ends in `.csv`.
 *
 * Decision 028: an upload streams through a `TypeSniffer` piece by piece and is never whole in memory.
 * The first bytes decide the magic types at once and which further check is due: the text check
 * runs along the stream, and a ZIP file's directory is read from the stored bytes at the end
 * (a `ByteSource`). Pure apart from the source's reads, so it is unit-tested directly.
 */
import { ALLOWED_UPLOAD_TYPES, type UploadType } from '@portal/domain'
import { TextDecoder } from 'node:util'
import { inflateRawSync } from 'node:zlib'

const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
const CONTENT_TYPES_ENTRY = '[Content_Types].xml'
/** `[Content_Types].xml` is a few kilobytes; a larger one is not read (zip bombs). */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024
/** Deflate never grows data by more than a few bytes per 16 KB block. */
const MAX_COMPRESSED_CONTENT_TYPES_BYTES = MAX_CONTENT_TYPES_BYTES + 64 * 1024
/** An office file's central directory is a few kilobytes (about 80 bytes an entry). */
const MAX_CENTRAL_DIRECTORY_BYTES = 4 * 1024 * 1024
/** The end of central directory record: 22 bytes plus a comment of at most 65535 bytes. */
const END_RECORD_BYTES = 22
const MAX_END_RECORD_BYTES = END_RECORD_BYTES + 0xffff

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-
const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ZIP = [0x50, 0x4b, 0x03, 0x04] // PK\x03\x04
/** The bytes that decide the magic types: the longest magic number. */
const HEAD_BYTES = PNG.length

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)

export interface DetectedType {
  type: UploadType
  mediaType: string
}

/** Random access to a content of `size` bytes: `read` answers fewer bytes at its end. */
export interface ByteSource {
  readonly size: number
  read(offset: number, length: number): Uint8Array
}

/** A content in memory as a `ByteSource` (no copies). */
export const bytesSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: (offset, length) => bytes.subarray(offset, offset + length),
})

/**
 * Follows an upload as it streams: `push` every piece in order, then `finish` with random access
 * to the whole. `possible` turns false as soon as the content can no longer be an allowed type,
 * so the caller may stop keeping it.
 */
export class TypeSniffer {
  #head = new Uint8Array(0)
  #size = 0
  /** What the first bytes said; `undecided` until HEAD_BYTES arrived. */
  #kind: 'undecided' | UploadType | 'zip' | 'text' | 'none' = 'undecided'
  #text: TextDecoder | null = null

  constructor(private readonly fileName: string) {}

  get possible(): boolean {
    return this.#kind !== 'none'
  }

  push(piece: Uint8Array): void {
    this.#size += piece.length
    if (this.#kind === 'undecided') {
      const taken = piece.subarray(0, HEAD_BYTES - this.#head.length)
      this.#head = concat(this.#head, taken)
      if (this.#head.length < HEAD_BYTES) return
      this.#decide()
      piece = piece.subarray(taken.length)
    }
    if (this.#kind === 'text') this.#checkText(piece, true)
  }

  /** The allowed type of the content, or null; `source` reads the bytes pushed. */
  finish(source: ByteSource): DetectedType | null {
    if (this.#kind === 'undecided') this.#decide()
    if (this.#kind === 'text') this.#checkText(new Uint8Array(0), false)
    const type = this.#finalType(source)
    return type ? { type, mediaType: ALLOWED_UPLOAD_TYPES[type] } : null
  }

  #finalType(source: ByteSource): UploadType | null {
    switch (this.#kind) {
      case 'undecided':
      case 'none':
        return null
      case 'zip':
        return officeType(source)
      case 'text':
        return 'CSV'
      default:
        return this.#kind
    }
  }

  /** Decides by the first bytes; text gets its check from the first byte on. */
  #decide(): void {
    const head = this.#head
    if (this.#size === 0) this.#kind = 'none'
    else if (startsWith(head, PDF)) this.#kind = 'PDF'
    else if (startsWith(head, JPEG)) this.#kind = 'JPEG'
    else if (startsWith(head, PNG)) this.#kind = 'PNG'
    else if (startsWith(head, ZIP)) this.#kind = 'zip'
    else if (/\.csv$/i.test(this.fileName.trim())) {
      this.#kind = 'text'
      this.#text = new TextDecoder('utf-8', { fatal: true })
      this.#checkText(head, true)
    } else this.#kind = 'none'
  }

  /** Valid UTF-8 without NUL bytes, across the pieces (a character may span two). */
  #checkText(piece: Uint8Array, more: boolean): void {
    if (this.#kind !== 'text') return
    try {
      if (piece.includes(0)) throw new TypeError('NUL')
      this.#text!.decode(piece, { stream: more })
    } catch {
      this.#kind = 'none'
      this.#text = null
    }
  }
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}

/** The allowed type of a content in memory, or null when the content is none of them. */
export function detectUploadType(bytes: Uint8Array, fileName: string): DetectedType | null {
  const sniffer = new TypeSniffer(fileName)
  sniffer.push(bytes)
  return sniffer.finish(bytesSource(bytes))
}

function officeType(source: ByteSource): UploadType | null {
  const xml = readZipEntry(source, CONTENT_TYPES_ENTRY)
  if (xml === null) return null
  if (xml.includes(`"${XLSX_MAIN}"`)) return 'XLSX'
  if (xml.includes(`"${DOCX_MAIN}"`)) return 'DOCX'
  return null
}

/** Little-endian reads within `bytes`; -1 beyond its end. */
function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return {
    u16: (offset: number) => (offset + 2 <= bytes.length ? view.getUint16(offset, true) : -1),
    u32: (offset: number) => (offset + 4 <= bytes.length ? view.getUint32(offset, true) : -1),
  }
}

/**
 * One entry of a ZIP file as text, found through the central directory (local headers may leave
 * the sizes to a data descriptor). Reads the end of the file, the directory and the entry alone.
 * Stored and deflated entries; anything malformed answers null.
 */
export function readZipEntry(content: ByteSource | Uint8Array, name: string): string | null {
  const source = content instanceof Uint8Array ? bytesSource(content) : content
  const tailStart = Math.max(0, source.size - MAX_END_RECORD_BYTES)
  const tail = source.read(tailStart, source.size - tailStart)
  const inTail = reader(tail)
  let end = -1
  for (let at = tail.length - END_RECORD_BYTES; at >= 0; at--) {
    if (inTail.u32(at) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) return null
  const entries = inTail.u16(end + 10)
  const directoryStart = inTail.u32(end + 16)
  // the directory ends where the end record (or a ZIP64 one before it) begins
  const directoryEnd = tailStart + end
  if (
    directoryStart > directoryEnd ||
    directoryEnd - directoryStart > MAX_CENTRAL_DIRECTORY_BYTES
  ) {
    return null
  }
  const directory = source.read(directoryStart, directoryEnd - directoryStart)
  const inDirectory = reader(directory)
  const decoder = new TextDecoder()
  let at = 0
  for (let index = 0; index < entries; index++) {
    if (inDirectory.u32(at) !== 0x02014b50) return null
    const method = inDirectory.u16(at + 10)
    const compressedSize = inDirectory.u32(at + 20)
    const uncompressedSize = inDirectory.u32(at + 24)
    const nameLength = inDirectory.u16(at + 28)
    const extraLength = inDirectory.u16(at + 30)
    const commentLength = inDirectory.u16(at + 32)
    const localOffset = inDirectory.u32(at + 42)
    if (at + 46 + nameLength > directory.length) return null
    const entryName = decoder.decode(directory.subarray(at + 46, at + 46 + nameLength))
    if (entryName === name) {
      return readEntry(source, localOffset, { method, compressedSize, uncompressedSize })
    }
    at += 46 + nameLength + extraLength + commentLength
  }
  return null
}

function readEntry(
  source: ByteSource,
  localOffset: number,
  entry: { method: number; compressedSize: number; uncompressedSize: number },
): string | null {
  const { method, compressedSize, uncompressedSize } = entry
  const local = source.read(localOffset, 30)
  const inLocal = reader(local)
  if (inLocal.u32(0) !== 0x04034b50) return null
  const start = localOffset + 30 + inLocal.u16(26) + inLocal.u16(28)
  if (
    start + compressedSize > source.size ||
    uncompressedSize > MAX_CONTENT_TYPES_BYTES ||
    compressedSize > MAX_COMPRESSED_CONTENT_TYPES_BYTES
  ) {
    return null
  }
  const data = source.read(start, compressedSize)
  const decoder = new TextDecoder()
  try {
    if (method === 0) return decoder.decode(data)
    if (method === 8) {
      return decoder.decode(inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES_BYTES }))
    }
  } catch {
    return null
  }
  return null
}

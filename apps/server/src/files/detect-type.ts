/**
 * ARCHITECTURE 3.2: the type of an upload is decided by its first bytes, never by its name or the
 * Content-Type the browser sent. PDF, JPEG and PNG by their magic numbers; XLSX and DOCX are ZIP
 * files whose `[Content_Types].xml` declares the workbook or document main part; CSV is valid UTF-8
 * text without NUL bytes whose name ends in `.csv`. Pure: no I/O, so it is unit-tested directly.
 */
import { ALLOWED_UPLOAD_TYPES, type UploadType } from '@portal/domain'
import { inflateRawSync } from 'node:zlib'

const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
const CONTENT_TYPES_ENTRY = '[Content_Types].xml'
/** `[Content_Types].xml` is a few kilobytes; a larger one is not read (zip bombs). */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-
const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ZIP = [0x50, 0x4b, 0x03, 0x04] // PK\x03\x04

export interface DetectedType {
  type: UploadType
  mediaType: string
}

/** The allowed type of the content, or null when the content is none of them. */
export function detectUploadType(bytes: Uint8Array, fileName: string): DetectedType | null {
  const type = detect(bytes, fileName)
  return type ? { type, mediaType: ALLOWED_UPLOAD_TYPES[type] } : null
}

function detect(bytes: Uint8Array, fileName: string): UploadType | null {
  if (bytes.length === 0) return null
  if (startsWith(bytes, PDF)) return 'PDF'
  if (startsWith(bytes, JPEG)) return 'JPEG'
  if (startsWith(bytes, PNG)) return 'PNG'
  if (startsWith(bytes, ZIP)) return officeType(bytes)
  if (/\.csv$/i.test(fileName.trim()) && isUtf8Text(bytes)) return 'CSV'
  return null
}

/** Valid UTF-8 without NUL bytes. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

function officeType(bytes: Uint8Array): UploadType | null {
  const xml = readZipEntry(bytes, CONTENT_TYPES_ENTRY)
  if (xml === null) return null
  if (xml.includes(`"${XLSX_MAIN}"`)) return 'XLSX'
  if (xml.includes(`"${DOCX_MAIN}"`)) return 'DOCX'
  return null
}

/**
 * One entry of a ZIP file as text, found through the central directory (local headers may leave
 * the sizes to a data descriptor). Stored and deflated entries; anything malformed answers null.
 */
export function readZipEntry(bytes: Uint8Array, name: string): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u16 = (offset: number) => (offset + 2 <= bytes.length ? view.getUint16(offset, true) : -1)
  const u32 = (offset: number) => (offset + 4 <= bytes.length ? view.getUint32(offset, true) : -1)
  // end of central directory: 22 bytes plus a comment of at most 65535 bytes
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) return null
  const entries = u16(end + 10)
  let at = u32(end + 16)
  const decoder = new TextDecoder()
  for (let index = 0; index < entries; index++) {
    if (at < 0 || u32(at) !== 0x02014b50) return null
    const method = u16(at + 10)
    const compressedSize = u32(at + 20)
    const uncompressedSize = u32(at + 24)
    const nameLength = u16(at + 28)
    const extraLength = u16(at + 30)
    const commentLength = u16(at + 32)
    const localOffset = u32(at + 42)
    if (at + 46 + nameLength > bytes.length) return null
    const entryName = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength))
    if (entryName === name) {
      if (u32(localOffset) !== 0x04034b50) return null
      const start = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28)
      if (start + compressedSize > bytes.length || uncompressedSize > MAX_CONTENT_TYPES_BYTES) {
        return null
      }
      const data = bytes.subarray(start, start + compressedSize)
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
    at += 46 + nameLength + extraLength + commentLength
  }
  return null
}

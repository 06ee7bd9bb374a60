/**
 * Reads a multipart request: the text fields and at most one file (ARCHITECTURE 3.2: at most
 * 20 MB). Decision 028: the file streams through its type check and SHA-256 into a temporary file
 * (`UploadSpool`), never whole in memory; the caller stores it from there in one transaction after
 * the whole body arrived, so a refused or aborted upload leaves no row.
 */
import { createHash } from 'node:crypto'
import {
  FILE_EMPTY_MESSAGE,
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_CODE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_NOT_ALLOWED_CODE,
  FILE_TYPE_NOT_ALLOWED_MESSAGE,
} from '@portal/domain'
import type { FastifyRequest } from 'fastify'
import { badRequest, HttpError } from '../http-errors'
import { assertValidText } from '../http/text-input'
import { TypeSniffer, type DetectedType } from './detect-type'
import { sanitizeFileName } from './file-name'
import { UploadSpool, UploadSpoolError } from './upload-spool'

export interface UploadedFile extends DetectedType {
  /** The sanitised name the client sent. */
  fileName: string
  size: number
  /** Hex SHA-256 of the content, computed while it streamed in. */
  sha256: string
  /** The content from its start in pieces of `size` bytes (the last one shorter), one at a time. */
  chunks(size: number): AsyncIterable<Uint8Array>
}

export interface MultipartForm {
  fields: Record<string, string>
  /** The part named `file`, if one with content was sent. */
  file: UploadedFile | null
}

export const fileTooLarge = () => new HttpError(413, FILE_TOO_LARGE_CODE, FILE_TOO_LARGE_MESSAGE)
export const fileTypeNotAllowed = () =>
  new HttpError(415, FILE_TYPE_NOT_ALLOWED_CODE, FILE_TYPE_NOT_ALLOWED_MESSAGE)
export const NOT_MULTIPART_MESSAGE = 'Die Anfrage muss als multipart/form-data gesendet werden.'
export const UPLOAD_ABORTED_MESSAGE =
  'Die Übertragung wurde abgebrochen. Bitte versuchen Sie es erneut.'

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined

/** Maps the plugin's and busboy's errors to the answers of the contract. */
function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError || error instanceof UploadSpoolError) return error
  switch (errorCode(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge()
    case 'FST_FILES_LIMIT':
      return badRequest('Bitte senden Sie genau eine Datei.', 'TOO_MANY_FILES')
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Die Anfrage enthält zu viele Felder.', 'TOO_MANY_FIELDS')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART_MESSAGE)
    default:
      // truncated or malformed multipart data, a closed connection
      return badRequest(UPLOAD_ABORTED_MESSAGE, 'UPLOAD_ABORTED')
  }
}

/**
 * Reads the fields and the file of a multipart request (400, 413 or 415 as the contract says; 400
 * FILE_EMPTY for a chosen file of 0 bytes),
 * hands them to `handle` and removes the file's temporary copy when `handle` is done.
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  handle: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw toHttpError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' })
  const spooled: { spool: UploadSpool | null } = { spool: null }
  try {
    return await handle(await readMultipart(request, spooled))
  } finally {
    await spooled.spool?.remove()
  }
}

async function readMultipart(
  request: FastifyRequest,
  spooled: { spool: UploadSpool | null },
): Promise<MultipartForm> {
  const fields: Record<string, string> = {}
  let file: { fileName: string; sniffer: TypeSniffer; sha256: string; spool: UploadSpool } | null =
    null
  /** The name as sent: a part in UTF-16 (`filename*=utf-16le''…`) can hold a lone surrogate. */
  let sentFileName: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated || typeof part.value !== 'string') {
          throw badRequest(`Das Feld '${part.fieldname}' ist zu lang.`, 'FIELD_TOO_LONG')
        }
        fields[part.fieldname] = part.value
        continue
      }
      const kept = part.fieldname === 'file'
      const fileName = sanitizeFileName(part.filename)
      const sniffer = new TypeSniffer(fileName)
      const hash = createHash('sha256')
      const spool = kept ? (spooled.spool = await UploadSpool.create()) : null
      for await (const piece of part.file as AsyncIterable<Buffer>) {
        // a part that cannot be stored is read to its end (the size limit decides first) and dropped
        if (!spool || !sniffer.possible) continue
        sniffer.push(piece)
        hash.update(piece)
        await spool.write(piece)
      }
      if (part.file.truncated) throw fileTooLarge()
      if (!spool) throw badRequest(`Der Dateiteil muss 'file' heißen.`, 'UNKNOWN_FILE_FIELD')
      sentFileName = part.filename
      file = { fileName, sniffer, sha256: hash.digest('hex'), spool }
    }
  } catch (error) {
    throw toHttpError(error)
  }
  assertValidText(fields)
  assertValidText(sentFileName, 'file')
  if (file === null) return { fields, file: null }
  if (file.spool.size === 0) {
    // a form without a chosen file sends an empty part without a name; a named one is an empty file
    if (sentFileName) throw badRequest(FILE_EMPTY_MESSAGE, 'FILE_EMPTY', 'file')
    return { fields, file: null }
  }
  const detected = file.sniffer.finish(file.spool)
  if (!detected) throw fileTypeNotAllowed()
  const { fileName, sha256, spool } = file
  return {
    fields,
    file: {
      fileName,
      ...detected,
      size: spool.size,
      sha256,
      chunks: (size) => spool.chunks(size),
    },
  }
}

/** What identifies a multipart request for its idempotency key: the fields and the file's bytes. */
export function multipartFingerprint(form: MultipartForm): string {
  const file = form.file ? [form.file.fileName, form.file.sha256] : null
  return JSON.stringify([form.fields, file])
}

/**
 * Reads a multipart request whose one part `file` is a small file, whole into memory (a bved file:
 * at most `maxBytes`, decision 061), with the errors of `withMultipart`: 415 for another content
 * type, 413 beyond the size, 400 without a file or for an empty one. Its type is the caller's to
 * check: the bytes are read as they are.
 */
export async function readSmallFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw toHttpError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' })
  let found: { fileName: string; bytes: Buffer; sentName: string } | null = null
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') continue
      const bytes = await part.toBuffer()
      if (part.file.truncated) throw fileTooLarge()
      if (part.fieldname !== 'file') {
        throw badRequest(`Der Dateiteil muss 'file' heißen.`, 'UNKNOWN_FILE_FIELD')
      }
      found = { fileName: sanitizeFileName(part.filename), bytes, sentName: part.filename }
    }
  } catch (error) {
    throw toHttpError(error)
  }
  if (!found) throw badRequest(FILE_REQUIRED_MESSAGE, 'FILE_REQUIRED', 'file')
  assertValidText(found.sentName, 'file')
  if (found.bytes.length === 0) throw badRequest(FILE_EMPTY_MESSAGE, 'FILE_EMPTY', 'file')
  return { fileName: found.fileName, bytes: found.bytes }
}

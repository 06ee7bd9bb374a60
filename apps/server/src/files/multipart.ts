/**
 * Reads a multipart request into memory: the text fields and at most one file (ARCHITECTURE 3.2:
 * at most 20 MB). Nothing is written while the request streams in; the caller stores the file in
 * one transaction after the whole body arrived, so a refused or aborted upload leaves no row.
 */
import { createHash } from 'node:crypto'
import {
  FILE_TOO_LARGE_CODE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_NOT_ALLOWED_CODE,
  FILE_TYPE_NOT_ALLOWED_MESSAGE,
} from '@portal/domain'
import type { FastifyRequest } from 'fastify'
import { badRequest, HttpError } from '../http-errors'
import { assertValidText } from '../plugins/text-input'
import { detectUploadType, type DetectedType } from './detect-type'
import { sanitizeFileName } from './file-name'

export interface UploadedFile extends DetectedType {
  /** The sanitised name the client sent. */
  fileName: string
  bytes: Buffer
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
  if (error instanceof HttpError) return error
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

/** The fields and the file of a multipart request; 400, 413 or 415 as the contract says. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw toHttpError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' })
  const fields: Record<string, string> = {}
  let file: { fileName: string; bytes: Buffer } | null = null
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
      const bytes = await part.toBuffer()
      if (part.file.truncated) throw fileTooLarge()
      if (part.fieldname !== 'file') {
        throw badRequest(`Der Dateiteil muss 'file' heißen.`, 'UNKNOWN_FILE_FIELD')
      }
      sentFileName = part.filename
      file = { fileName: sanitizeFileName(part.filename), bytes }
    }
  } catch (error) {
    throw toHttpError(error)
  }
  assertValidText(fields)
  assertValidText(sentFileName, 'file')
  if (file === null || file.bytes.length === 0) return { fields, file: null }
  const detected = detectUploadType(file.bytes, file.fileName)
  if (!detected) throw fileTypeNotAllowed()
  return { fields, file: { ...file, ...detected } }
}

/** What identifies a multipart request for its idempotency key: the fields and the file's bytes. */
export function multipartFingerprint(form: MultipartForm): string {
  const file = form.file
    ? [form.file.fileName, createHash('sha256').update(form.file.bytes).digest('hex')]
    : null
  return JSON.stringify([form.fields, file])
}

/**
 * File names of uploads are stored harmlessly: without directories, control characters (CR/LF
 * included), quotes and characters Windows refuses, at most 200 characters; umlauts stay. The
 * download header carries an ASCII fallback and the exact name as RFC 5987 `filename*`.
 */
import { FILE_NAME_MAX_LENGTH } from '@portal/domain'

export const FALLBACK_FILE_NAME = 'datei'

/** Removes directories, control characters, quotes and reserved characters; never empty. */
export function sanitizeFileName(raw: string | undefined | null): string {
  const withoutPath = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? ''
  const cleaned = withoutPath
    // C0 and C1 control characters, DEL, line and paragraph separators, bidi overrides
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/["'`<>:|?*;]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    // no leading dots ('..', hidden files) and no trailing dots or spaces
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  const limited = limitLength(cleaned, FILE_NAME_MAX_LENGTH)
  return limited === '' ? FALLBACK_FILE_NAME : limited
}

/** Shortens the name part and keeps the extension (by code points, never splitting a pair). */
function limitLength(name: string, max: number): string {
  const chars = Array.from(name)
  if (chars.length <= max) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? Array.from(name.slice(dot)) : []
  if (extension.length === 0 || extension.length > 16) return chars.slice(0, max).join('')
  const base = Array.from(name.slice(0, dot))
  return base.slice(0, max - extension.length).join('') + extension.join('')
}

/** RFC 5987 / 8187 value: UTF-8, percent-encoded beyond attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** `attachment; filename="<ascii>"; filename*=UTF-8''<encoded>` for any stored name. */
export function contentDisposition(fileName: string): string {
  const name = sanitizeFileName(fileName)
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_') || FALLBACK_FILE_NAME
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`
}

/** ARCHITECTURE 3.2: what a file may be: its largest size and its types. */

/** The largest upload, 20 MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
/** The types an upload may have, detected from the content; label → media type. */
export const ALLOWED_UPLOAD_TYPES = {
  PDF: 'application/pdf',
  JPEG: 'image/jpeg',
  PNG: 'image/png',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  CSV: 'text/csv',
} as const
export type UploadType = keyof typeof ALLOWED_UPLOAD_TYPES

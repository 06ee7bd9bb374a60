/**
 * A minimal but valid one-page PDF (A4, Helvetica, WinAnsi encoding): the demo invoices and
 * documents, and the monthly consumption information a property manager passes to a tenant.
 * Text only, uncompressed, so that what it says can be read back from its bytes.
 */
import { createHash } from 'node:crypto'

export interface PdfLine {
  text: string
  /** Font size in points; 11 unless given. */
  size?: number
  /** Extra space above the line in points. */
  gap?: number
  /** Further texts on the same line, each from its own left edge in points (the text is at 56). */
  columns?: readonly { text: string; x: number }[]
  /** Bold (Helvetica-Bold). */
  bold?: boolean
}

export interface PdfFile {
  content: Buffer
  size: number
  sha256: string
}

// WinAnsi and Latin-1 agree on every character used here (umlauts, ß, §); anything outside
// Latin-1 would be written as garbage, so it is replaced first.
function toWinAnsi(text: string): string {
  return text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u20ac/g, 'EUR')
    .replace(/[^\x20-\xff]/g, '?')
}

function pdfString(text: string): string {
  return `(${toWinAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`
}

/** Builds the PDF bytes with a correct cross-reference table, and its size and SHA-256. */
export function buildPdf(title: string, lines: readonly PdfLine[]): PdfFile {
  let y = 790
  const commands: string[] = []
  for (const line of lines) {
    const size = line.size ?? 11
    y -= size + 6 + (line.gap ?? 0)
    const font = line.bold ? '/F2' : '/F1'
    commands.push(`BT ${font} ${size} Tf 56 ${y} Td ${pdfString(line.text)} Tj ET`)
    for (const column of line.columns ?? []) {
      commands.push(`BT ${font} ${size} Tf ${column.x} ${y} Td ${pdfString(column.text)} Tj ET`)
    }
  }
  const stream = commands.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 7 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Kundenportal) >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ]
  // Every character is a single Latin-1 byte, so string lengths are byte offsets.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefOffset = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\n`
  body += `startxref\n${xrefOffset}\n%%EOF\n`
  const content = Buffer.from(body, 'latin1')
  return {
    content,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
  }
}

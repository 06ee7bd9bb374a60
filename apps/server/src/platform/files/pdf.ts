/**
 * A minimal but valid PDF (A4, Helvetica, WinAnsi encoding): the demo invoices and documents, the
 * monthly consumption information a property manager passes to a tenant, and the receipts of
 * decisions. One page unless its lines need more. Text only, uncompressed, so that what it says can
 * be read back from its bytes.
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
  /**
   * Breaks the text into lines within the page's text width, between words and, for a word longer
   * than a line, within it (a text of any length, such as a reason someone typed). Not with columns.
   */
  wrap?: boolean
  /** Starts a new page (unless the page is still empty): the pages of a letter batch. */
  newPage?: boolean
  /**
   * The baseline's distance from the page's top edge in points: a line at a fixed place, such as
   * the address in the window of a letter (DIN 5008). Lines after it follow below it.
   */
  top?: number
  /** The text's left edge in points, when not at the text's usual left edge (56). */
  left?: number
}

export interface PdfFile {
  content: Buffer
  size: number
  sha256: string
}

/** A4 in points. */
export const PAGE_WIDTH = 595
export const PAGE_HEIGHT = 842
/** Points in a millimetre: 72 per inch of 25.4 mm. */
export const POINTS_PER_MM = 72 / 25.4
/** The left edge of the text, and the margin kept on the right and at the bottom. */
export const TEXT_LEFT = 56
/** The right edge no wrapped line passes. */
export const TEXT_RIGHT = PAGE_WIDTH - TEXT_LEFT
/** The first line's baseline is below this; no line is set below the bottom margin. */
const TOP = 790
const BOTTOM = TEXT_LEFT

/**
 * The advance widths (thousandths of the font size) of Helvetica and Helvetica-Bold in WinAnsi, as
 * their AFM files of the PDF standard 14 fonts give them: characters 32 to 126, then 160 to 255.
 */
// prettier-ignore
const WIDTHS = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333,
    333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667,
    1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778,
    722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556,
    278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556,
    500,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333,
    333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722,
    1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778,
    722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556,
    278, 278, 278, 278, 611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611,
    556,
  ],
}

function charWidth(code: number, bold: boolean): number {
  const widths = bold ? WIDTHS.bold : WIDTHS.regular
  const index = code <= 126 ? code - 32 : code - 160 + 95
  // only characters 32-126 and 160-255 remain after toWinAnsi; a '?' otherwise
  return widths[index] ?? widths[31]!
}

/** The width in points of `text` (after `toWinAnsi`) in Helvetica (or bold) of `size` points. */
export function textWidth(text: string, size: number, bold = false): number {
  let thousandths = 0
  for (let i = 0; i < text.length; i++) thousandths += charWidth(text.charCodeAt(i), bold)
  return (thousandths * size) / 1000
}

// WinAnsi and Latin-1 agree on every character from 32 to 126 and 160 to 255 (umlauts, ß, §);
// anything else would be written as garbage or as another character, so it is replaced first.
export function toWinAnsi(text: string): string {
  return text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u20ac/g, 'EUR')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
}

/**
 * `text` (after `toWinAnsi`) in lines no wider than `width` points: broken at spaces, a word wider
 * than a line broken where the line is full. The spaces at a break are dropped.
 */
export function wrapText(text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/ +/)) {
    let rest = word
    const joined = line === '' ? rest : `${line} ${rest}`
    if (textWidth(joined, size, bold) <= width) {
      line = joined
      continue
    }
    if (line !== '') lines.push(line)
    line = ''
    // a word longer than a line: as many characters as fit, then the next line
    while (textWidth(rest, size, bold) > width) {
      let fit = 1
      while (fit < rest.length && textWidth(rest.slice(0, fit + 1), size, bold) <= width) fit++
      lines.push(rest.slice(0, fit))
      rest = rest.slice(fit)
    }
    line = rest
  }
  lines.push(line)
  return lines
}

function pdfString(text: string): string {
  return `(${toWinAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`
}

/**
 * Builds the PDF bytes with a correct cross-reference table, and its size and SHA-256. A line that
 * would fall below the bottom margin starts a new page.
 */
export function buildPdf(title: string, lines: readonly PdfLine[]): PdfFile {
  const pages: string[][] = [[]]
  let y = TOP
  const place = (size: number, gap: number): number => {
    y -= size + 6 + gap
    if (y < BOTTOM) {
      pages.push([])
      y = TOP - size - 6
    }
    return y
  }
  for (const line of lines) {
    const size = line.size ?? 11
    const font = line.bold ? '/F2' : '/F1'
    if (line.newPage && pages[pages.length - 1]!.length > 0) {
      pages.push([])
      y = TOP
    }
    if (line.top !== undefined) y = PAGE_HEIGHT - line.top + size + 6 + (line.gap ?? 0)
    const texts =
      line.wrap && !line.columns?.length
        ? wrapText(toWinAnsi(line.text), TEXT_RIGHT - TEXT_LEFT, size, line.bold)
        : [line.text]
    texts.forEach((text, index) => {
      const at = place(size, index === 0 ? (line.gap ?? 0) : 0)
      const commands = pages[pages.length - 1]!
      const left = Math.round((line.left ?? TEXT_LEFT) * 100) / 100
      commands.push(`BT ${font} ${size} Tf ${left} ${at} Td ${pdfString(text)} Tj ET`)
      for (const column of line.columns ?? []) {
        commands.push(`BT ${font} ${size} Tf ${column.x} ${at} Td ${pdfString(column.text)} Tj ET`)
      }
    })
  }
  const stream = (commands: string[]) => {
    const text = commands.join('\n')
    return `<< /Length ${text.length} >>\nstream\n${text}\nendstream`
  }
  const page = (contents: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 7 0 R >> >> /Contents ${contents} 0 R >>`
  // the first page keeps objects 3 and 5; each further page and its contents follow object 7
  const kids = pages.map((_, index) => (index === 0 ? 3 : 8 + 2 * (index - 1)))
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    page(5),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    stream(pages[0]!),
    `<< /Title ${pdfString(title)} /Producer (Kundenportal) >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    ...pages.slice(1).flatMap((commands, index) => [page(9 + 2 * index), stream(commands)]),
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

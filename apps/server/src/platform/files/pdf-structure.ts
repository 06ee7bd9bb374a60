/**
 * Test support: what a PDF reader relies on in the files `buildPdf` writes. Used by the demo data
 * and the consumption information tests.
 */

/** Checks the structure a PDF reader relies on: header, object offsets, stream length, trailer. */
export function pdfProblems(content: Buffer): string[] {
  const text = content.toString('latin1')
  const problems: string[] = []
  if (!text.startsWith('%PDF-1.')) problems.push('header')
  if (!text.endsWith('%%EOF\n')) problems.push('end marker')
  const startxref = /startxref\n(\d+)\n%%EOF\n$/.exec(text)
  const xrefAt = Number(startxref?.[1] ?? -1)
  if (text.slice(xrefAt, xrefAt + 5) !== 'xref\n') problems.push('startxref')
  const entries = text
    .slice(xrefAt)
    .split('\n')
    .filter((line) => / 00000 n $/.test(line))
  entries.forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10))
    if (!text.startsWith(`${index + 1} 0 obj`, offset)) problems.push(`object ${index + 1}`)
  })
  if (entries.length < 5) problems.push('objects')
  const stream = /\/Length (\d+) >>\nstream\n/.exec(text)
  const start = (stream?.index ?? 0) + (stream?.[0].length ?? 0)
  if (!stream || !text.startsWith('\nendstream', start + Number(stream[1])))
    problems.push('stream length')
  return problems
}

/** One text a content stream of a `buildPdf` file sets: its page (from 0), font, place and text. */
export interface PdfTextRun {
  page: number
  bold: boolean
  size: number
  x: number
  y: number
  /** The string as the PDF holds it (WinAnsi), escapes resolved. */
  text: string
}

/** The texts of the file's pages in the order they are set, page by page. */
export function pdfTextRuns(content: Buffer): PdfTextRun[] {
  const text = content.toString('latin1')
  const streams = [...text.matchAll(/\nstream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]!)
  return streams.flatMap((stream, page) =>
    [
      ...stream.matchAll(
        /BT \/F(\d) (\d+(?:\.\d+)?) Tf (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?) Td \(((?:\\.|[^\\)])*)\) Tj ET/g,
      ),
    ].map((m) => ({
      page,
      bold: m[1] === '2',
      size: Number(m[2]),
      x: Number(m[3]),
      y: Number(m[4]),
      text: m[5]!.replace(/\\(.)/g, '$1'),
    })),
  )
}

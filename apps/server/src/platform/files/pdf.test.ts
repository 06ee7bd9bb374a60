import { describe, expect, it } from 'vitest'
import {
  buildPdf,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  POINTS_PER_MM,
  TEXT_LEFT,
  TEXT_RIGHT,
  textWidth,
  wrapText,
} from './pdf'
import { pdfProblems, pdfTextRuns } from './pdf-structure'

describe('wrapText', () => {
  it('breaks at spaces within the width, and a word longer than a line within it', () => {
    const text = `kurz ${'x'.repeat(300)} Ende der Zeile`
    const lines = wrapText(text, TEXT_RIGHT - TEXT_LEFT, 11)
    expect(lines.length).toBeGreaterThan(2)
    for (const line of lines)
      expect(textWidth(line, 11)).toBeLessThanOrEqual(TEXT_RIGHT - TEXT_LEFT)
    expect(lines[0]).toBe('kurz')
    expect(lines.join('').replaceAll(' ', '')).toBe(text.replaceAll(' ', ''))
    expect(lines.at(-1)).toMatch(/Ende der Zeile$/)
  })

  it('measures with the Helvetica widths: "W" is wider than "i", a bold b wider than a regular one', () => {
    expect(textWidth('W', 10)).toBeCloseTo(9.44)
    expect(textWidth('i', 10)).toBeCloseTo(2.22)
    expect(textWidth('ä', 10, true)).toBeCloseTo(5.56)
    expect(textWidth('b', 10, true)).toBeGreaterThan(textWidth('b', 10))
  })
})

describe('buildPdf', () => {
  it('continues wrapped text on further pages, every line within the page', () => {
    const text = Array.from({ length: 600 }, (_, i) => `Wort${i}`).join(' ')
    const pdf = buildPdf('Lang', [
      { text: 'Kopf', bold: true },
      { text, wrap: true, size: 11 },
    ])
    expect(pdfProblems(pdf.content)).toEqual([])
    const runs = pdfTextRuns(pdf.content)
    const pages = new Set(runs.map((run) => run.page))
    expect(pages.size).toBeGreaterThan(1)
    expect(pdf.content.toString('latin1')).toContain(`/Count ${pages.size}`)
    for (const run of runs) {
      expect(run.x + textWidth(run.text, run.size, run.bold)).toBeLessThanOrEqual(PAGE_WIDTH)
      expect(run.y).toBeGreaterThanOrEqual(TEXT_LEFT)
    }
    expect(
      runs
        .slice(1)
        .map((run) => run.text)
        .join(' '),
    ).toBe(text)
  })

  it('writes a short text on one page as before', () => {
    const pdf = buildPdf('Kurz', [{ text: 'Eine Zeile', wrap: true }])
    expect(pdfProblems(pdf.content)).toEqual([])
    const text = pdf.content.toString('latin1')
    expect(text).toContain('/Kids [3 0 R] /Count 1')
    expect(text).toContain('BT /F1 11 Tf 56 773 Td (Eine Zeile) Tj ET')
  })

  it('starts a page where asked, and sets a line at its distance from the top and its left edge', () => {
    const pdf = buildPdf('Briefe', [
      { text: 'Seite eins' },
      { text: 'Anschrift', top: 187, left: 20 * POINTS_PER_MM },
      { text: 'darunter' },
      { text: 'Seite zwei', newPage: true },
    ])
    expect(pdfProblems(pdf.content)).toEqual([])
    const runs = pdfTextRuns(pdf.content)
    expect(runs.map((run) => [run.text, run.page])).toEqual([
      ['Seite eins', 0],
      ['Anschrift', 0],
      ['darunter', 0],
      ['Seite zwei', 1],
    ])
    const address = runs[1]!
    expect(address.y).toBe(PAGE_HEIGHT - 187)
    expect(address.x).toBeCloseTo(56.69, 2)
    expect(runs[2]!.y).toBe(PAGE_HEIGHT - 187 - 17)
    expect(runs[3]!.y).toBe(773)
  })

  it('starts no empty page for a first line that asks for a new one', () => {
    const pdf = buildPdf('Ein Brief', [{ text: 'Seite eins', newPage: true }])
    expect(pdf.content.toString('latin1')).toContain('/Kids [3 0 R] /Count 1')
  })
})

import { describe, expect, it } from 'vitest'
import { makeZip, SAMPLE_FILES } from '../../../test/fixtures/files'
import { bytesSource, detectUploadType, readZipEntry, TypeSniffer } from './detect-type'
import { contentDisposition, sanitizeFileName } from './file-name'

describe('detectUploadType', () => {
  it.each([
    ['pdf', 'beleg.pdf', 'PDF', 'application/pdf'],
    ['jpeg', 'foto.jpg', 'JPEG', 'image/jpeg'],
    ['png', 'scan.png', 'PNG', 'image/png'],
    [
      'xlsx',
      'tabelle.xlsx',
      'XLSX',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'docx',
      'brief.docx',
      'DOCX',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['csv', 'kosten.csv', 'CSV', 'text/csv'],
  ] as const)('recognises %s by its content', (sample, name, type, mediaType) => {
    expect(detectUploadType(SAMPLE_FILES[sample], name)).toEqual({ type, mediaType })
  })

  it('decides by content, not by name', () => {
    expect(detectUploadType(SAMPLE_FILES.pdf, 'beleg.exe')?.type).toBe('PDF')
    expect(detectUploadType(SAMPLE_FILES.exe, 'beleg.pdf')).toBeNull()
    expect(detectUploadType(SAMPLE_FILES.exe, 'beleg.csv')).toBeNull()
    expect(detectUploadType(Buffer.from('<html><script>'), 'seite.pdf')).toBeNull()
  })

  it('refuses an empty file, a plain ZIP and a broken one', () => {
    expect(detectUploadType(Buffer.alloc(0), 'leer.pdf')).toBeNull()
    expect(detectUploadType(SAMPLE_FILES.plainZip, 'archiv.xlsx')).toBeNull()
    expect(detectUploadType(SAMPLE_FILES.xlsx.subarray(0, 40), 'kaputt.xlsx')).toBeNull()
  })

  it('takes text as CSV only with a .csv name, valid UTF-8 and no NUL byte', () => {
    expect(detectUploadType(SAMPLE_FILES.csv, 'kosten.txt')).toBeNull()
    expect(detectUploadType(Buffer.from([0x61, 0x00, 0x62]), 'a.csv')).toBeNull()
    expect(detectUploadType(Buffer.from([0x48, 0xe4, 0x6c]), 'latin1.csv')).toBeNull()
    expect(detectUploadType(Buffer.from('Grüße;ß\n', 'utf8'), 'a.csv')?.type).toBe('CSV')
  })

  it('decides the same when the content comes in pieces, however small', () => {
    const sniff = (content: Buffer, name: string, piece: number) => {
      const sniffer = new TypeSniffer(name)
      for (let at = 0; at < content.length; at += piece) {
        sniffer.push(content.subarray(at, at + piece))
      }
      return sniffer.finish(bytesSource(content))?.type ?? null
    }
    const umlauts = Buffer.from('Straße;Größe\nÄrger;Öl\n', 'utf8')
    for (const piece of [1, 2, 3, 7, 64]) {
      expect(sniff(umlauts, 'kosten.csv', piece)).toBe('CSV')
      expect(sniff(SAMPLE_FILES.xlsx, 'tabelle.xlsx', piece)).toBe('XLSX')
      expect(sniff(SAMPLE_FILES.png, 'scan.png', piece)).toBe('PNG')
      // a character cut off at the end is no text
      expect(sniff(umlauts.subarray(0, 5), 'kosten.csv', piece)).toBeNull()
    }
  })

  it('knows from the first bytes or the first bad one that a content cannot be stored', () => {
    const exe = new TypeSniffer('beleg.pdf')
    exe.push(SAMPLE_FILES.exe.subarray(0, 8))
    expect(exe.possible).toBe(false)
    const csv = new TypeSniffer('kosten.csv')
    csv.push(Buffer.from('Kostenart;Betrag\n'))
    expect(csv.possible).toBe(true)
    csv.push(Buffer.from([0x48, 0xe4, 0x6c, 0x0a]))
    expect(csv.possible).toBe(false)
    const pdf = new TypeSniffer('beleg.pdf')
    pdf.push(SAMPLE_FILES.pdf)
    pdf.push(Buffer.from([0x00, 0xff]))
    expect(pdf.possible).toBe(true)
  })

  it('reads stored and deflated ZIP entries', () => {
    expect(readZipEntry(makeZip({ 'a.txt': 'eins' }), 'a.txt')).toBe('eins')
    expect(readZipEntry(makeZip({ 'a.txt': 'zwei' }, { deflate: true }), 'a.txt')).toBe('zwei')
    expect(readZipEntry(makeZip({ 'a.txt': 'eins' }), 'b.txt')).toBeNull()
  })
})

describe('sanitizeFileName', () => {
  it('strips directories, control characters and quotes and keeps umlauts', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf')
    expect(sanitizeFileName('C:\\Users\\x\\Nebenkosten.pdf')).toBe('Nebenkosten.pdf')
    expect(sanitizeFileName('a"\r\nSet-Cookie: x=1.pdf')).toBe('aSet-Cookie x=1.pdf')
    expect(sanitizeFileName('Heizölrechnung Müller.pdf')).toBe('Heizölrechnung Müller.pdf')
  })

  it('falls back to "datei" and keeps at most 200 characters with the extension', () => {
    expect(sanitizeFileName('')).toBe('datei')
    expect(sanitizeFileName('../..')).toBe('datei')
    expect(sanitizeFileName(undefined)).toBe('datei')
    const long = sanitizeFileName(`${'x'.repeat(300)}.pdf`)
    expect(long).toHaveLength(200)
    expect(long.endsWith('.pdf')).toBe(true)
  })
})

describe('contentDisposition', () => {
  it('has an ASCII fallback and the exact name as filename*', () => {
    expect(contentDisposition('Heizöl Müller.pdf')).toBe(
      `attachment; filename="Heizol Muller.pdf"; filename*=UTF-8''Heiz%C3%B6l%20M%C3%BCller.pdf`,
    )
  })

  it('never lets a quote or a line break through', () => {
    const header = contentDisposition('a"\r\nSet-Cookie: x=1.pdf')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header.match(/"/g)).toHaveLength(2)
  })
})

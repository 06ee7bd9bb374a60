/** Reads an NDJSON file line by line without holding it in memory. */
import { createReadStream } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { lineTooLong } from './limits'

export interface NdjsonLine {
  /** 1-based, counting blank lines too, as an editor shows it. */
  number: number
  text: string
  /** Bytes of the file read so far, for the progress line. */
  bytesRead: number
}

/** Whether `text`, a line or the start of one, has more than `limit` bytes in UTF-8. */
function beyond(text: string, limit: number): boolean {
  // a UTF-16 unit is 1 to 3 bytes in UTF-8: count the bytes only when it may matter
  if (text.length * 3 <= limit) return false
  return text.length > limit || Buffer.byteLength(text, 'utf8') > limit
}

/**
 * The non-blank lines of a UTF-8 file, without their line break ('\n' or '\r\n') and without a
 * byte order mark, the lines of `chunkBytes` at a time: faster than `readline` for millions of
 * lines. A line of more than `lineBytes` bytes throws `ImportLimitError` naming `name` and the
 * line as soon as that many bytes of it are read: a line is never held beyond the limit (plus the
 * chunk being read).
 */
export async function* ndjsonLines(
  file: string,
  options: { name: string; lineBytes: number; chunkBytes?: number },
): AsyncGenerator<NdjsonLine[]> {
  const { name, lineBytes, chunkBytes = 1 << 20 } = options
  const decoder = new StringDecoder('utf8')
  let rest = ''
  let number = 0
  let bytesRead = 0
  const stream = createReadStream(file, { highWaterMark: chunkBytes })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytesRead += chunk.length
      let text = rest + decoder.write(chunk)
      if (number === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1)
      let start = 0
      const lines: NdjsonLine[] = []
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        number++
        const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end)
        start = end + 1
        if (beyond(line, lineBytes)) throw lineTooLong(name, number, lineBytes)
        if (line.trim() !== '') lines.push({ number, text: line, bytesRead })
      }
      rest = text.slice(start)
      if (beyond(rest, lineBytes)) throw lineTooLong(name, number + 1, lineBytes)
      if (lines.length > 0) yield lines
    }
  } finally {
    stream.destroy()
  }
  rest += decoder.end()
  if (beyond(rest.replace(/\r$/, ''), lineBytes)) throw lineTooLong(name, number + 1, lineBytes)
  if (rest.trim() !== '') yield [{ number: number + 1, text: rest.replace(/\r$/, ''), bytesRead }]
}

/**
 * Decision 041: the limits of an import. A gzip bomb, a file beyond its limit, a line beyond its
 * limit and too many records are refused while they stream by (413 over HTTP, exit code 1 on the
 * command line) with a German detail naming the limit; nothing is written beyond the limits and
 * the temporary files are gone afterwards. No answer of the import names a path of the server.
 */
import { execFileSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { pack } from 'tar-stream'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { IMPORT_LIMIT_VARIABLES } from '../src/modules/provider/interchange/limits'
import { providerKeyHeader, runProvider } from './fixtures/provider-command'
import { createTestContext, type TestContext } from './helper'

const MIB = 1024 * 1024

let ctx: TestContext
let header: { authorization: string }
let scratch: string
/** The server's temporary folder (TMPDIR) during the HTTP tests: watched and checked empty. */
let serverTemp: string
const savedTmpdir = process.env.TMPDIR

beforeAll(async () => {
  ctx = await createTestContext()
  header = await providerKeyHeader(ctx.database.db, 'grenzen', 'import')
  scratch = await mkdtemp(path.join(tmpdir(), 'import-limits-'))
  serverTemp = path.join(scratch, 'server-temp')
  await mkdir(serverTemp)
})
afterAll(async () => {
  process.env.TMPDIR = savedTmpdir
  await ctx.close()
  await rm(scratch, { recursive: true, force: true })
})
afterEach(() => {
  for (const variable of Object.values(IMPORT_LIMIT_VARIABLES)) delete process.env[variable]
  if (savedTmpdir === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = savedTmpdir
})

/** Bytes of every file below `folder` (0 for what goes while it is counted). */
async function bytesBelow(folder: string): Promise<number> {
  let total = 0
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile()) continue
    total += await stat(path.join(entry.parentPath, entry.name))
      .then((s) => s.size)
      .catch(() => 0)
  }
  return total
}

/**
 * A tar archive of `entries` (name and size, the content zeros), gzip-compressed,
 * generated while it is read: the decompressed bytes are never in memory.
 */
function gzipTar(entries: readonly { name: string; size: number }[]): Readable {
  const archive = pack()
  const zeros = Buffer.alloc(MIB)
  const fill = async () => {
    for (const { name, size } of entries) {
      await new Promise<void>((resolve, reject) => {
        const sink = archive.entry({ name, size }, (error) => (error ? reject(error) : resolve()))
        Readable.from(
          (function* () {
            for (let left = size; left > 0; left -= MIB) {
              yield left >= MIB ? zeros : zeros.subarray(0, left)
            }
          })(),
        ).pipe(sink)
      })
    }
    archive.finalize()
  }
  fill().catch((error: unknown) => archive.destroy(error as Error))
  return archive.pipe(createGzip({ level: 9 }))
}

/** POSTs `body` as the import's tar archive (gzip-encoded when `gzip`); watches serverTemp. */
async function postImport(body: Readable | Buffer, gzip: boolean) {
  process.env.TMPDIR = serverTemp
  let largest = 0
  let watching = true
  const watch = (async () => {
    while (watching) {
      largest = Math.max(largest, await bytesBelow(serverTemp))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  try {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/import',
      headers: {
        ...header,
        'content-type': 'application/x-tar',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      payload: body,
    })
    return { response, largest }
  } finally {
    watching = false
    await watch
  }
}

describe('an import over HTTP beyond its limits', () => {
  it('refuses a gzip bomb with 413, writing nothing beyond the limit and leaving no file', async () => {
    process.env.IMPORT_MAX_BYTES = String(8 * MIB)
    process.env.IMPORT_MAX_FILE_BYTES = String(4 * MIB)
    // 3 MiB files, each below the file limit: 384 MiB decompressed from a few hundred kB
    const files = Array.from({ length: 128 }, (_, i) => ({
      name: `attachments/a${i}.pdf`,
      size: 3 * MIB,
    }))
    const { response, largest } = await postImport(gzipTar(files), true)
    expect(response.statusCode, response.body).toBe(413)
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'Das Archiv ist entpackt größer als 8 MB; erlaubt sind höchstens 8 MB je Import.',
    })
    expect(largest).toBeLessThanOrEqual(8 * MIB)
    expect(await readdir(serverTemp)).toEqual([])
  })

  it('answers the 413 over a real connection too, and ends that connection', async () => {
    process.env.IMPORT_MAX_BYTES = String(8 * MIB)
    const files = Array.from({ length: 64 }, (_, i) => ({
      name: `attachments/a${i}.pdf`,
      size: 3 * MIB,
    }))
    // compressed, the bomb is small enough to send at once
    const chunks: Buffer[] = []
    for await (const chunk of gzipTar(files)) {
      chunks.push(chunk as Buffer)
    }
    const body = Buffer.concat(chunks)
    expect(body.length).toBeLessThan(MIB)
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = ctx.app.server.address() as { port: number }
    process.env.TMPDIR = serverTemp
    const answer = await new Promise<{ status: number; connection: string; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/provider/import',
            headers: {
              ...header,
              'content-type': 'application/x-tar',
              'content-encoding': 'gzip',
              'content-length': body.length,
            },
          },
          (response) => {
            let text = ''
            response.on('data', (chunk: Buffer) => (text += chunk.toString()))
            response.on('end', () =>
              resolve({
                status: response.statusCode!,
                connection: String(response.headers.connection),
                body: text,
              }),
            )
          },
        )
        request.on('error', reject)
        request.end(body)
      },
    )
    expect(answer.status, answer.body).toBe(413)
    expect(answer.connection).toBe('close')
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    await vi.waitFor(async () => expect(await readdir(serverTemp)).toEqual([]))
  })

  it('refuses a file beyond the file limit before writing any byte of it', async () => {
    process.env.IMPORT_MAX_FILE_BYTES = String(4 * MIB)
    const { response, largest } = await postImport(
      gzipTar([{ name: 'attachments/gross.pdf', size: 64 * MIB }]),
      true,
    )
    expect(response.statusCode, response.body).toBe(413)
    expect(response.json<{ detail: string }>().detail).toBe(
      'Die Datei attachments/gross.pdf ist entpackt größer als 4 MB; erlaubt sind höchstens 4 MB je Datei.',
    )
    expect(largest).toBe(0)
    expect(await readdir(serverTemp)).toEqual([])
  })

  it('refuses a line beyond the line limit, naming file and line', async () => {
    process.env.IMPORT_MAX_LINE_BYTES = String(64 * 1024)
    const source = await mkdtemp(path.join(scratch, 'long-line-'))
    const long = JSON.stringify({ businessPartner: 'P1', name: 'x'.repeat(100_000) })
    await writeFile(
      path.join(source, 'partners.ndjson'),
      `{"businessPartner":"P1"}\n\n${long}\n{"businessPartner":"P2"}\n`,
    )
    const tar = execFileSync('tar', ['-cf', '-', '-C', source, '.'])
    const { response } = await postImport(tar, false)
    expect(response.statusCode, response.body).toBe(413)
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail:
        'Die Datei partners.ndjson hat eine Zeile über 64 kB (Zeile 3); erlaubt sind höchstens 64 kB je Zeile.',
    })
    expect(await readdir(serverTemp)).toEqual([])
  })

  it('names no path of the server in a refusal (422)', async () => {
    const source = await mkdtemp(path.join(scratch, 'no-format-'))
    await writeFile(path.join(source, 'liesmich.txt'), 'Hallo\n')
    const tar = execFileSync('tar', ['-cf', '-', '-C', source, '.'])
    const { response } = await postImport(tar, false)
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json()).toMatchObject({
      code: 'IMPORT_REFUSED',
      issues: [
        {
          file: '',
          line: null,
          message: expect.stringMatching(/^Der Ordner enthält keine Datei des Austauschformats/),
        },
      ],
    })
    expect(response.body).not.toContain(tmpdir())
    expect(response.body).not.toContain(serverTemp)
    // no absolute path at all: '/' only after a word (attachments/…, docs/…)
    expect(response.body).not.toMatch(/(^|[^\w.-])\/[\w.-]/)
  })
})

describe('an import on the command line beyond its limits', () => {
  it('refuses too many records with a German line and exit code 1', async () => {
    process.env.IMPORT_MAX_RECORDS = '3'
    const source = await mkdtemp(path.join(scratch, 'records-'))
    const partners = Array.from({ length: 4 }, (_, i) => `{"businessPartner":"P${i}"}`)
    await writeFile(path.join(source, 'partners.ndjson'), `${partners.join('\n')}\n`)
    const result = await runProvider(ctx.database.db, ['import', source])
    expect(result.code).toBe(1)
    expect(result.err).toEqual([
      'Import abgelehnt, nichts wurde geschrieben: Der Import hat mehr als 3 Datensätze (erreicht in partners.ndjson, Zeile 4); erlaubt sind höchstens 3 Datensätze je Import.',
    ])
  })

  it('refuses a line of 300 MB at its first MB, without holding it in memory', async () => {
    const source = await mkdtemp(path.join(scratch, 'huge-line-'))
    const file = path.join(source, 'partners.ndjson')
    const chunk = Buffer.alloc(MIB, 'x')
    await pipeline(
      Readable.from(
        (function* () {
          yield Buffer.from('{"businessPartner":"P1"}\n{"businessPartner":"P2","name":"')
          for (let i = 0; i < 300; i++) yield chunk
          yield Buffer.from('"}\n')
        })(),
      ),
      createWriteStream(file),
    )
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2)
    const started = performance.now()
    try {
      const result = await runProvider(ctx.database.db, ['import', source])
      expect(result.code).toBe(1)
      expect(result.err).toEqual([
        'Import abgelehnt, nichts wurde geschrieben: Die Datei partners.ndjson hat eine Zeile über 1 MB (Zeile 2); erlaubt sind höchstens 1 MB je Zeile.',
      ])
    } finally {
      clearInterval(sampler)
    }
    peak = Math.max(peak, process.memoryUsage().rss)
    expect(peak - before).toBeLessThan(100 * MIB)
    // refused as soon as the limit was read, not after reading the line
    expect(performance.now() - started).toBeLessThan(30_000)
  })
})

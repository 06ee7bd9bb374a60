/**
 * Decision 028, "Files stream": uploads and downloads of 20 MB files over real HTTP keep the server's
 * memory flat (the JavaScript heap and the Buffers together: a whole file held as a Buffer would
 * not show in the heap alone), the bytes come back equal, and a refused, repeated or aborted upload
 * leaves neither a chunk row nor a temporary file.
 *
 * Server and client share this process: the client generates its bodies piece by piece and keeps
 * only a hash of what it reads, so what grows is the server's. The database is a PGlite in a data
 * folder (an in-memory one would count its stored files as Buffers) or the PostgreSQL copy.
 */
import { PGlite } from '@electric-sql/pglite'
import { MAX_UPLOAD_BYTES, type Attachment } from '@portal/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '../../src/platform/config'
import { openDatabase, type DatabaseHandle } from '../../src/platform/persistence/database'
import { ATTACHMENT_CHUNK_BYTES } from '../../src/platform/persistence/files'
import {
  attachmentContents,
  attachments,
  operatingCostsDistributions,
} from '../../src/platform/persistence/schema'
import { multipart, SAMPLE_FILES } from '../fixtures/files'
import { createTestContext, type TestContext } from '../helper'
import { openTestDatabase } from '../test-database'

v8.setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const UPLOAD = '/api/processes/system/file-upload'
const DOWNLOAD = '/api/processes/system/file-download'
const MB = 1024 * 1024
const PIECE = 64 * 1024
const BOUNDARY = '----portal-streaming-test'

/**
 * This file measures memory and stored bytes, not deadlines (slow-requests.test.ts tests those):
 * its server gives a request, a header and an idle connection half an hour, far beyond the tests'
 * own timeouts, so that ten parallel uploads on a busy machine are not cut off by the product's
 * defaults (30 s for the headers, 120 s idle while the database stores the other uploads).
 */
const MEMORY_TEST_LIMITS: HttpLimits = {
  ...DEFAULT_HTTP_LIMITS,
  requestTimeoutMs: 1_800_000,
  uploadTimeoutMs: 1_800_000,
  idleTimeoutMs: 1_800_000,
}

let ctx: TestContext
let base: string
let authorization: string
let distribution: string
/** The server's temporary folder (TMPDIR of this test file's process): spooled uploads. */
let spoolFolder: string

/** A PGlite in a data folder of its own, loaded from the template, or the PostgreSQL copy. */
async function databaseOnDisk(): Promise<DatabaseHandle> {
  const kind = inject('testDatabaseKind')
  if (kind !== 'pglite') {
    return openTestDatabase(kind, { pgliteDump: '', serverUrl: inject('serverUrl') })
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-streaming-db-'))
  const client = await PGlite.create(dataDir, {
    loadDataDir: new Blob([await readFile(inject('pgliteDump'))]),
  })
  const handle = await openDatabase({ pglite: client })
  return {
    ...handle,
    async close() {
      await handle.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

beforeAll(async () => {
  ctx = await createTestContext({
    database: databaseOnDisk,
    config: { limits: MEMORY_TEST_LIMITS },
  })
  spoolFolder = await mkdtemp(path.join(tmpdir(), 'portal-spool-'))
  process.env.TMPDIR = spoolFolder
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  authorization = (await ctx.login('verwalter')).authorization
  const [row] = await ctx.database.db
    .select({ id: operatingCostsDistributions.operatingCostsDistribution })
    .from(operatingCostsDistributions)
    .where(eq(operatingCostsDistributions.companyCode, '1000'))
    .orderBy(asc(operatingCostsDistributions.operatingCostsDistribution))
    .limit(1)
  distribution = row!.id
}, 300_000)

afterAll(async () => {
  await ctx?.close()
  await rm(spoolFolder, { recursive: true, force: true })
})

/** The uploads' temporary copies that exist now. */
const spooled = async () =>
  (await readdir(spoolFolder)).filter((name) => name.startsWith('portal-upload-'))

/** The server's JavaScript heap and Buffers after a full collection (twice: Buffers go later). */
function memoryNow() {
  gc()
  gc()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return { heapUsed, arrayBuffers }
}

/** Samples the memory's growth over `from`; `peak` is the largest growth seen. */
function memoryWatch(from = memoryNow()) {
  const peak = { heapUsed: 0, arrayBuffers: 0, both: 0 }
  return {
    sample: () => {
      const now = memoryNow()
      const heapUsed = now.heapUsed - from.heapUsed
      const arrayBuffers = now.arrayBuffers - from.arrayBuffers
      peak.heapUsed = Math.max(peak.heapUsed, heapUsed)
      peak.arrayBuffers = Math.max(peak.arrayBuffers, arrayBuffers)
      peak.both = Math.max(peak.both, heapUsed + arrayBuffers)
    },
    peak,
    /** For the failure message: megabytes. */
    describe: () =>
      Object.entries(peak)
        .map(([name, bytes]) => `${name} +${(bytes / MB).toFixed(1)} MB`)
        .join(', '),
  }
}

/** A PDF of `size` bytes, different for every `seed`, as pieces of 64 KB made on demand. */
function pdfPieces(size: number, seed: number) {
  const block = randomBytes(PIECE)
  let hash = createHash('sha256')
  const pieces = function* () {
    hash = createHash('sha256')
    for (let offset = 0; offset < size; offset += PIECE) {
      const piece = Buffer.from(block.subarray(0, Math.min(PIECE, size - offset)))
      if (offset === 0) piece.write('%PDF-1.4\n', 0, 'latin1')
      else if (piece.length >= 8) {
        piece.writeUInt32BE(seed, 0)
        piece.writeUInt32BE(offset / PIECE, 4)
      }
      hash.update(piece)
      yield piece
    }
  }
  return { pieces, sha256: () => hash.digest('hex') }
}

/** The multipart body of an upload around the file's pieces, and its length. */
function uploadBody(fileName: string, size: number, pieces: Iterable<Buffer>) {
  const head = Buffer.from(
    [
      `--${BOUNDARY}`,
      'Content-Disposition: form-data; name="objectType"',
      '',
      'KOSTENBELEG',
      `--${BOUNDARY}`,
      'Content-Disposition: form-data; name="objectKey"',
      '',
      distribution,
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
      'Content-Type: application/pdf',
      '',
      '',
    ].join('\r\n'),
  )
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  return {
    length: head.length + size + tail.length,
    body: function* () {
      yield head
      yield* pieces
      yield tail
    },
  }
}

/** An upload request of verwalter over HTTP, its body still to be written. */
const uploadRequest = (body: ReturnType<typeof uploadBody>, headers: Record<string, string> = {}) =>
  http.request(`${base}${UPLOAD}`, {
    method: 'POST',
    headers: {
      authorization,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(body.length),
      ...headers,
    },
  })

/** Sends an upload over HTTP as it is generated (with backpressure); the answer. */
async function sendUpload(
  body: ReturnType<typeof uploadBody>,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const request = uploadRequest(body, headers)
  const answer = once(request, 'response') as Promise<[http.IncomingMessage]>
  await pipeline(Readable.from(body.body(), { objectMode: false, highWaterMark: PIECE }), request)
  const [response] = await answer
  let text = ''
  for await (const piece of response) text += String(piece)
  return { status: response.statusCode!, json: JSON.parse(text) }
}

/**
 * Downloads over HTTP, slowly: after every megabyte the client stops reading for a moment, so the
 * server's answer waits for it; `onPause` runs in every third pause. Answers the headers, length
 * and hash.
 */
async function slowDownload(id: string, onPause: () => void = () => {}) {
  const request = http.get(`${base}${DOWNLOAD}/${id}`, { headers: { authorization } })
  const [response] = (await once(request, 'response')) as [http.IncomingMessage]
  const hash = createHash('sha256')
  let length = 0
  for await (const piece of response as AsyncIterable<Buffer>) {
    hash.update(piece)
    const before = Math.floor(length / MB)
    length += piece.length
    if (Math.floor(length / MB) > before) {
      if (Math.floor(length / MB) % 3 === 0) onPause()
      await sleep(20)
    }
  }
  return {
    status: response.statusCode,
    headers: response.headers,
    length,
    sha256: hash.digest('hex'),
  }
}

const chunkRows = async (attachment?: string) =>
  (
    await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attachmentContents)
      .where(attachment ? eq(attachmentContents.attachment, attachment) : undefined)
  )[0]!.n

const attachmentRows = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]!.n

/** The chunks of a stored file: their count and every length. */
async function chunkLengths(attachment: string) {
  const rows = await ctx.database.db
    .select({ length: sql<number>`length(${attachmentContents.content})` })
    .from(attachmentContents)
    .where(eq(attachmentContents.attachment, attachment))
    .orderBy(asc(attachmentContents.chunk))
  return rows.map((row) => row.length)
}

describe('a 20 MB file', () => {
  let stored: Attachment
  let sha256: string

  it('is uploaded as 20 chunks of 1 MB and downloaded streaming with a flat heap', async () => {
    const file = pdfPieces(MAX_UPLOAD_BYTES, 1)
    const upload = await sendUpload(uploadBody('gross.pdf', MAX_UPLOAD_BYTES, file.pieces()))
    expect(upload.status, JSON.stringify(upload.json)).toBe(200)
    stored = upload.json as Attachment
    sha256 = file.sha256()
    expect(stored).toMatchObject({ size: MAX_UPLOAD_BYTES, sha256, mediaType: 'application/pdf' })
    expect(await chunkLengths(stored.attachment)).toEqual(
      Array.from({ length: MAX_UPLOAD_BYTES / MB }, () => ATTACHMENT_CHUNK_BYTES),
    )

    // the first download grows what grows once (the database's buffers, compiled code)
    expect((await slowDownload(stored.attachment)).sha256).toBe(sha256)
    const memory = memoryWatch()
    const download = await slowDownload(stored.attachment, memory.sample)
    expect(download).toMatchObject({ status: 200, length: MAX_UPLOAD_BYTES, sha256 })
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(MAX_UPLOAD_BYTES),
      'content-disposition': `attachment; filename="gross.pdf"; filename*=UTF-8''gross.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    })
    expect(download.headers['content-encoding']).toBeUndefined()
    expect(memory.peak.heapUsed, memory.describe()).toBeLessThan(5 * MB)
    expect(memory.peak.both, memory.describe()).toBeLessThan(5 * MB)
  }, 300_000)

  it('is cut short, not completed with other bytes, when it is deleted while it streams', async () => {
    const request = http.get(`${base}${DOWNLOAD}/${stored.attachment}`, {
      headers: { authorization },
    })
    const [response] = (await once(request, 'response')) as [http.IncomingMessage]
    expect(response.statusCode).toBe(200)
    response.pause()
    await ctx.database.db
      .delete(attachmentContents)
      .where(
        and(
          eq(attachmentContents.attachment, stored.attachment),
          sql`${attachmentContents.chunk} >= 15`,
        ),
      )
    let length = 0
    const ended = new Promise<string>((resolve) => {
      response.on('data', (piece: Buffer) => (length += piece.length))
      response.on('end', () => resolve('end'))
      response.on('error', () => resolve('error'))
      response.on('aborted', () => resolve('aborted'))
      response.on('close', () => resolve(response.complete ? 'end' : 'closed'))
    })
    response.resume()
    expect(await ended).not.toBe('end')
    expect(length).toBeLessThan(MAX_UPLOAD_BYTES)
  }, 300_000)
})

describe('ten parallel 20 MB uploads', () => {
  it('keep the memory flat, and every file comes back byte for byte', async () => {
    const files = Array.from({ length: 10 }, (_, index) => pdfPieces(MAX_UPLOAD_BYTES, 100 + index))
    const memory = memoryWatch()
    const sampler = setInterval(memory.sample, 1000)
    let answers: { status: number; json: unknown }[]
    try {
      answers = await Promise.all(
        files.map((file, index) =>
          sendUpload(uploadBody(`beleg-${index}.pdf`, MAX_UPLOAD_BYTES, file.pieces())),
        ),
      )
    } finally {
      clearInterval(sampler)
    }
    memory.sample()
    expect(memory.peak.heapUsed, memory.describe()).toBeLessThan(30 * MB)
    expect(memory.peak.both, memory.describe()).toBeLessThan(30 * MB)
    for (const [index, answer] of answers.entries()) {
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      const stored = answer.json as Attachment
      expect(stored).toMatchObject({ size: MAX_UPLOAD_BYTES, sha256: files[index]!.sha256() })
      expect(await chunkRows(stored.attachment)).toBe(MAX_UPLOAD_BYTES / MB)
      const download = await slowDownload(stored.attachment)
      expect(download).toMatchObject({ status: 200, length: MAX_UPLOAD_BYTES })
      expect(download.sha256).toBe(stored.sha256)
    }
    expect(await spooled()).toEqual([])
  }, 300_000)
})

describe('uploads that are not stored', () => {
  /** An upload through `app.inject`, its body a stream (never whole in the test's memory). */
  const injectUpload = (fileName: string, size: number, pieces: Iterable<Buffer>) => {
    const body = uploadBody(fileName, size, pieces)
    return ctx.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: {
        authorization,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.length),
      },
      payload: Readable.from(body.body()),
    })
  }

  it('a file over 20 MB (413) and a file of another type (415) leave no chunk and no copy', async () => {
    const before = [await attachmentRows(), await chunkRows()]
    const tooLarge = await injectUpload(
      'gross.pdf',
      MAX_UPLOAD_BYTES + 1,
      pdfPieces(MAX_UPLOAD_BYTES + 1, 2).pieces(),
    )
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({ code: 'FILE_TOO_LARGE' })

    // an executable named .pdf, 3 MB: refused by its first bytes, the rest only read
    const exe = pdfPieces(3 * MB, 3).pieces()
    const renamed = (function* () {
      for (const piece of exe) {
        piece.fill(0, 0, 16)
        piece.write('MZ', 0, 'latin1')
        yield piece
      }
    })()
    const wrongType = await injectUpload('rechnung.pdf', 3 * MB, renamed)
    expect(wrongType.statusCode).toBe(415)
    expect(wrongType.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' })

    // a CSV whose 2nd megabyte holds a byte that is no UTF-8
    const csv = Buffer.alloc(2 * MB + 5, 'a;1\n')
    csv[MB + 7] = 0xe4
    const notText = await injectUpload('kosten.csv', csv.length, [csv])
    expect(notText.statusCode).toBe(415)

    expect([await attachmentRows(), await chunkRows()]).toEqual(before)
    expect(await spooled()).toEqual([])
  }, 300_000)

  it('a retry with the same key stores once; the same key with another file is 422', async () => {
    const before = [await attachmentRows(), await chunkRows()]
    const key = randomUUID()
    const size = 2 * MB + 17
    const file = pdfPieces(size, 4)
    const content = Buffer.concat([...file.pieces()])
    const send = (bytes: Buffer) =>
      sendUpload(uploadBody('wiederholt.pdf', size, [bytes]), {
        'idempotency-key': key,
      })
    const first = await send(content)
    const repeat = await send(content)
    expect([first.status, repeat.status]).toEqual([200, 200])
    expect(repeat.json).toEqual(first.json)
    // the same name and length, one byte changed in the last chunk
    const changed = Buffer.from(content)
    changed.writeUInt8(changed.readUInt8(size - 1) ^ 0xff, size - 1)
    const other = await send(changed)
    expect(other.status).toBe(422)
    expect(other.json).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    expect([await attachmentRows(), await chunkRows()]).toEqual([before[0]! + 1, before[1]! + 3])
    expect(await spooled()).toEqual([])
  }, 300_000)

  it('an upload whose connection breaks halfway leaves no row and no copy', async () => {
    const before = [await attachmentRows(), await chunkRows()]
    const body = uploadBody('halb.pdf', 10 * MB, pdfPieces(10 * MB, 5).pieces())
    const request = uploadRequest(body)

    request.on('error', () => {})
    let sent = 0
    for (const piece of body.body()) {
      if (!request.write(piece)) await once(request, 'drain')
      sent += piece.length
      if (sent > 4 * MB) break
    }
    // the upload has started: its copy exists
    for (let waited = 0; waited < 100 && (await spooled()).length === 0; waited++) await sleep(50)
    expect(await spooled()).toHaveLength(1)
    request.destroy()
    for (let waited = 0; waited < 100 && (await spooled()).length > 0; waited++) await sleep(50)
    expect(await spooled()).toEqual([])
    expect([await attachmentRows(), await chunkRows()]).toEqual(before)
  }, 300_000)

  it('an upload that fails at its sixth chunk leaves none of the first five', async () => {
    const before = [await attachmentRows(), await chunkRows()]
    const run = (statement: string) => ctx.database.db.execute(sql.raw(statement))
    // the sixth chunk's insert fails as a full disk would make it fail
    await run(`create function portal_test_fail_chunk() returns trigger language plpgsql as $$
      begin
        raise exception using errcode = '53100', message = 'No space left on device';
      end $$`)
    await run(`create trigger portal_test_fail_chunk before insert on attachment_contents
      for each row when (new.chunk = 5) execute function portal_test_fail_chunk()`)
    try {
      const file = pdfPieces(8 * MB, 6)
      const answer = await sendUpload(uploadBody('abbruch.pdf', 8 * MB, file.pieces()))
      expect(answer.status).toBe(500)
    } finally {
      await run('drop trigger portal_test_fail_chunk on attachment_contents')
      await run('drop function portal_test_fail_chunk()')
    }
    expect([await attachmentRows(), await chunkRows()]).toEqual(before)
    expect(await spooled()).toEqual([])
  }, 300_000)

  it('small files still work the same over the real server', async () => {
    const body = multipart(
      { objectType: 'KOSTENBELEG', objectKey: distribution },
      { fileName: 'klein.pdf', content: SAMPLE_FILES.pdf },
    )
    const response = await fetch(`${base}${UPLOAD}`, {
      method: 'POST',
      headers: { authorization, ...body.headers },
      body: body.payload,
    })
    expect(response.status).toBe(200)
    const stored = (await response.json()) as Attachment
    expect(await chunkLengths(stored.attachment)).toEqual([SAMPLE_FILES.pdf.length])
    const download = await slowDownload(stored.attachment)
    expect(download).toMatchObject({
      status: 200,
      length: SAMPLE_FILES.pdf.length,
      sha256: createHash('sha256').update(SAMPLE_FILES.pdf).digest('hex'),
    })
  })
})

/**
 * "Slow bodies hold connections for ever": a request that trickles its headers or its body
 * (the slowloris attack), an idle keep-alive connection and a connection beyond the limit are closed
 * by the server, also on the public routes; a public body larger than a sign-in needs is refused at
 * once. A real listening server and raw sockets, with timeouts of about a second from the config
 * (the defaults are 30 s for a request, 10 minutes for an upload, see the README).
 */
import net from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_HTTP_LIMITS } from '../src/platform/config'
import { PUBLIC_BODY_LIMIT } from '../src/platform/http/request-limits'
import { multipart, SAMPLE_FILES } from './fixtures/files'
import { signInRequest, useTestContext } from './helper'

const REQUEST_TIMEOUT_MS = 1000
const UPLOAD_TIMEOUT_MS = 4000
/** Generous: the timeout, the server's check interval and a busy machine. */
const CLOSED_WITHIN_MS = 10_000

const { ctx } = useTestContext([], {
  config: {
    limits: {
      ...DEFAULT_HTTP_LIMITS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      uploadTimeoutMs: UPLOAD_TIMEOUT_MS,
      keepAliveTimeoutMs: REQUEST_TIMEOUT_MS,
      maxConnections: 12,
    },
  },
})
let port: number
let auth: { authorization: string }

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  port = (ctx.app.server.address() as net.AddressInfo).port
  auth = await ctx.login('verwalter')
})

interface Outcome {
  /** What the server answered before it closed the connection. */
  answer: string
  /** Milliseconds from the headers to the close; undefined when still open at the end. */
  closedAfterMs: number | undefined
}

/**
 * Opens a connection, writes `head` and then one byte of `trickle` every `everyMs` until the server
 * closes the connection or `giveUpMs` have passed.
 */
function trickle(
  head: string | Buffer,
  trickle: string | Buffer,
  { everyMs = 100, giveUpMs = CLOSED_WITHIN_MS } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const body = Buffer.from(trickle)
    const chunks: Buffer[] = []
    let started = 0
    let sent = 0
    let timer: NodeJS.Timeout | undefined
    let giveUp: NodeJS.Timeout | undefined
    const finish = (closedAfterMs: number | undefined) => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), closedAfterMs })
    }
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => finish(performance.now() - started))
    socket.on('connect', () => {
      socket.write(head)
      started = performance.now()
      timer = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body.subarray(sent, ++sent))
      }, everyMs)
      giveUp = setTimeout(() => {
        socket.removeAllListeners('close')
        socket.destroy()
        finish(undefined)
      }, giveUpMs)
    })
  })
}

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    ctx.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )

const head = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: portal.test\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`

/** A body far longer than the trickle gets through before the timeout. */
const LONG_JSON = `{"username":"verwalter","password":"${'x'.repeat(900)}"}`

describe('a body sent slowly is cut off after the request timeout', () => {
  const publicRoutes: [string, string, string][] = [
    ['/api/token', 'application/json', LONG_JSON],
    ['/api/legacy', 'application/x-www-form-urlencoded', `json=${'x'.repeat(900)}`],
    [
      '/api/processes/customer-portal/password-reset',
      'application/json',
      `{"businessPartner":"${'1'.repeat(900)}","mail":"a@b.de"}`,
    ],
    [
      '/api/processes/customer-portal/password-reset/confirm',
      'application/json',
      `{"token":"${'x'.repeat(900)}","newPassword":"a","newPasswordRepeat":"a"}`,
    ],
  ]
  it.each(publicRoutes)(
    'on %s: 408 with a German detail, connection closed',
    async (path, type, body) => {
      const outcome = await trickle(
        head(path, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) }),
        body,
      )
      expect(outcome.closedAfterMs, outcome.answer).toBeDefined()
      expect(outcome.closedAfterMs).toBeLessThan(CLOSED_WITHIN_MS)
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(outcome.answer).toMatch(/connection: close/i)
      expect(outcome.answer).toContain('"code":"REQUEST_TIMEOUT"')
      expect(outcome.answer).toContain('nicht rechtzeitig')
    },
  )

  it('also in chunked transfer encoding', async () => {
    const outcome = await trickle(
      head('/api/token', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
      `${LONG_JSON.length.toString(16)}\r\n${LONG_JSON}\r\n0\r\n\r\n`,
    )
    expect(outcome.closedAfterMs, outcome.answer).toBeLessThan(CLOSED_WITHIN_MS)
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('on a signed-in route without a token: 401 at once, and the connection closes', async () => {
    const outcome = await trickle(
      head('/api/persistence/connections-search', {
        'Content-Type': 'application/json',
        'Content-Length': LONG_JSON.length,
      }),
      LONG_JSON,
    )
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401 /)
    expect(outcome.closedAfterMs, outcome.answer).toBeLessThan(CLOSED_WITHIN_MS)
  })

  it('on a signed-in route with a token', async () => {
    const outcome = await trickle(
      head('/api/persistence/connections-search', {
        ...auth,
        'Content-Type': 'application/json',
        'Content-Length': LONG_JSON.length,
      }),
      LONG_JSON,
    )
    expect(outcome.closedAfterMs, outcome.answer).toBeLessThan(CLOSED_WITHIN_MS)
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('an upload has the longer upload timeout, and is cut off after it', async () => {
    const form = multipart(
      { objectType: 'KOSTENBELEG', objectKey: '1', note: 'langsam' },
      { name: 'file', fileName: 'beleg.pdf', content: SAMPLE_FILES.pdf },
    )
    const startHead = head('/api/processes/system/file-upload', {
      ...auth,
      'Idempotency-Key': 'slow-upload-1',
      'Content-Type': form.headers['content-type'],
      'Content-Length': form.payload.length,
    })
    const outcome = await trickle(startHead, form.payload, {
      giveUpMs: UPLOAD_TIMEOUT_MS + CLOSED_WITHIN_MS,
    })
    expect(outcome.closedAfterMs, outcome.answer).toBeDefined()
    // still open well after the request timeout of the other routes
    expect(outcome.closedAfterMs!).toBeGreaterThan(REQUEST_TIMEOUT_MS * 2)
    expect(outcome.closedAfterMs!).toBeLessThan(UPLOAD_TIMEOUT_MS + CLOSED_WITHIN_MS)
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /)
  })
})

describe('headers sent slowly, idle and surplus connections', () => {
  it('headers sent one byte at a time are cut off', async () => {
    const outcome = await trickle('GET /api/health HTTP/1.1\r\n', 'X-Slow: '.padEnd(2000, 'x'))
    expect(outcome.closedAfterMs, outcome.answer).toBeDefined()
    expect(outcome.closedAfterMs).toBeLessThan(CLOSED_WITHIN_MS)
  })

  it('a keep-alive connection left idle is closed', async () => {
    const outcome = await trickle('GET /api/health HTTP/1.1\r\nHost: portal.test\r\n\r\n', '')
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(outcome.closedAfterMs, outcome.answer).toBeLessThan(CLOSED_WITHIN_MS)
  })

  it('connections beyond the limit are closed at once', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<{ socket: net.Socket; closed: Promise<void> }>((resolve) => {
            const socket = net.connect(port, '127.0.0.1')
            const closed = new Promise<void>((done) => socket.on('close', () => done()))
            socket.on('error', () => {})
            socket.on('connect', () => resolve({ socket, closed }))
          }),
      ),
    )
    const closedSoon = await Promise.all(
      sockets.map(({ closed }) =>
        Promise.race([
          closed.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
        ]),
      ),
    )
    for (const { socket } of sockets) socket.destroy()
    expect(closedSoon.filter(Boolean).length).toBeGreaterThanOrEqual(20 - 12)
    // the next tests need the places back
    await Promise.all(sockets.map(({ closed }) => closed))
    while (await openConnections()) await new Promise((resolve) => setTimeout(resolve, 20))
  })
})

describe('a public body larger than a sign-in needs', () => {
  it.each([
    ['/api/token', 'application/json'],
    ['/api/legacy', 'application/x-www-form-urlencoded'],
    ['/api/processes/customer-portal/password-reset', 'application/json'],
    ['/api/processes/customer-portal/password-reset/confirm', 'application/json'],
  ])('is refused on %s with 413 before it is sent', async (path, type) => {
    // only the headers: the answer must not wait for the 100 KB announced
    const outcome = await trickle(
      head(path, { 'Content-Type': type, 'Content-Length': 100_000 }),
      '',
    )
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(outcome.answer).toContain('"code":"PAYLOAD_TOO_LARGE"')
    expect(outcome.answer).toContain('Die Anfrage ist zu groß.')
    expect(outcome.closedAfterMs).toBeLessThan(CLOSED_WITHIN_MS)
  })

  it('is refused when sent whole, and a sign-in of ordinary size is not', async () => {
    const large = await signInRequest(ctx.app, {
      username: 'verwalter',
      password: 'x'.repeat(100 * 1024),
    })
    expect(large.statusCode).toBe(413)
    expect(large.json()).toEqual({ detail: 'Die Anfrage ist zu groß.', code: 'PAYLOAD_TOO_LARGE' })
    expect(PUBLIC_BODY_LIMIT).toBe(16 * 1024)
    const ordinary = await signInRequest(ctx.app, {
      username: 'verwalter',
      password: 'x'.repeat(1000),
    })
    expect(ordinary.statusCode).toBe(401)
  })
})

import { vi } from 'vitest'

/**
 * A fake server for the validators (decision 026): each answer of a (method, address, body) has a
 * version; it answers 304 when `If-None-Match` names the current one, else the answer (a search
 * page naming its version) with its ETag. `answer` shapes the body.
 */
export function versionedServer(
  options: { etags?: boolean; answer?: (key: string, version: number) => unknown } = {},
) {
  const versions = new Map<string, number>()
  const sent: { url: string; method: string; ifNoneMatch: string | undefined }[] = []
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>
    const method = init.method ?? 'GET'
    sent.push({ url, method, ifNoneMatch: headers['If-None-Match'] })
    const key = `${method} ${url} ${typeof init.body === 'string' ? init.body : ''}`
    const version = versions.get(key) ?? 1
    const etag = `"v${version}-${key.length}"`
    if (headers['If-None-Match'] === etag) {
      return Promise.resolve(new Response(null, { status: 304, headers: { ETag: etag } }))
    }
    const body = options.answer?.(key, version) ?? { items: [{ key, version }], next: null }
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: options.etags === false ? {} : { ETag: etag },
      }),
    )
  })
  return {
    fetch,
    sent,
    change: (method: string, url: string, body?: unknown) => {
      const key = `${method} ${url} ${body === undefined ? '' : JSON.stringify(body)}`
      versions.set(key, (versions.get(key) ?? 1) + 1)
    },
    lastIfNoneMatch: () => sent.at(-1)?.ifNoneMatch,
  }
}

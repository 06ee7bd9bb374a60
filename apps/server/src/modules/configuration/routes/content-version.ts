/**
 * Caching of what every visitor gets alike (decision 026): the customer configuration, the FAQ and the
 * customer's assets. Each has a content hash; its hashed address (`?v=<hash>`) is cached for a
 * year, since another content has another address. The plain address is revalidated on every use
 * (`no-cache` with an ETag, answered 304 while unchanged), so a changed configuration is seen at
 * once. The ETag is weak: the answer may be compressed on the way (here or by a proxy), and a weak
 * tag is kept where a strong one would be dropped; `If-None-Match` compares weakly anyway.
 */
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { matchesEtag } from '../../../platform/http/answer-cache'

export const CACHED_FOR_A_YEAR = 'public, max-age=31536000, immutable'
export const REVALIDATED = 'no-cache'

/** The content hash of a file or an answer: 12 hex digits of its SHA-256. */
export function contentHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 12)
}

/** The hashed address of a content: `path?v=<hash>`. */
export const hashedUrl = (path: string, hash: string) => `${path}?v=${hash}`

/** The query of an address that may carry the hash. */
export const versionQuery = z.strictObject({
  v: z.string().max(64).optional().describe('Der Inhalts-Hash: unveränderlich zwischenspeicherbar'),
})

const etagOf = (hash: string) => `W/"${hash}"`

/**
 * Sets the caching headers of a content with `hash`: a year when asked for by it (`askedHash`, the
 * `v` of the query), else
 * revalidated. Answers 304 and true when the client holds this content already: the route is done.
 * A hash that is not the content's (a page of an older deployment) is revalidated, never kept.
 */
export function answeredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  hash: string,
  askedHash: string | undefined,
): boolean {
  const etag = etagOf(hash)
  void reply
    .header('etag', etag)
    .header('cache-control', askedHash === hash ? CACHED_FOR_A_YEAR : REVALIDATED)
  if (!matchesEtag(request.headers['if-none-match'], etag.replace(/^W\//, ''))) return false
  void reply.code(304).send()
  return true
}

import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

/** The placeholder in the portal's `index.html` that each answer replaces with its style nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__'

/** Paths that belong to the server, never to the portal: an unknown one is a JSON 404. */
const SERVER_PATHS = /^\/(api|customer-assets)(\/|$)/

/** The built portal's `index.html`, or undefined when the portal is not built there. */
export function portalIndexFile(portalDist: string | undefined): string | undefined {
  if (portalDist === undefined) return undefined
  const file = path.join(portalDist, 'index.html')
  return existsSync(file) ? file : undefined
}

const isFileBelow = async (root: string, relative: string) => {
  const file = path.resolve(root, relative)
  if (!file.startsWith(root + path.sep)) return false
  return stat(file).then(
    (found) => found.isFile(),
    () => false,
  )
}

/**
 * Serves the built portal: its files, hashed ones under `/assets/` cached for good, and for every
 * other path the single-page app's `index.html` (the router decides), with the response's CSP
 * style nonce filled in for Emotion. Public: none of it carries data.
 */
const portalRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const distRoot = path.resolve(root)
  const indexFile = path.join(distRoot, 'index.html')
  await app.register(fastifyStatic, { root: distRoot, serve: false })

  const options = { config: { public: true }, schema: { hide: true } }
  app.get<{ Params: { '*': string } }>('/*', options, async (request, reply) => {
    const urlPath = request.url.split('?', 1)[0] ?? '/'
    if (SERVER_PATHS.test(urlPath)) {
      reply.callNotFound()
      return reply
    }
    const relative = request.params['*']
    if (relative !== '' && relative !== 'index.html' && (await isFileBelow(distRoot, relative))) {
      return relative.startsWith('assets/')
        ? reply.sendFile(relative, { maxAge: '365d', immutable: true })
        : reply.sendFile(relative, { maxAge: 0 })
    }
    // a missing build file is a 404, not the app: a stale page would otherwise load HTML as script
    if (relative.startsWith('assets/')) {
      reply.callNotFound()
      return reply
    }
    // read on each request: a rebuilt portal has new asset names, and the file is small
    const html = (await readFile(indexFile, 'utf8')).replaceAll(
      CSP_NONCE_PLACEHOLDER,
      reply.cspNonce.style,
    )
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
  })
}

export default portalRoutes

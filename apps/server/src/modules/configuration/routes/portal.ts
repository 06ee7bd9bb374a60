import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { CUSTOMER_DATA_ELEMENT_ID } from '@portal/domain'
import type { FastifyPluginAsync } from 'fastify'
import { clientCustomerData } from './customer'

/** The placeholder in the portal's `index.html` that each answer replaces with its style nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__'

/**
 * The customer configuration and FAQ as a JSON data block for the page (§1: the portal has them
 * before it renders, without a round trip more). A data block is never run as script; `<` is
 * escaped so that no text in it can end the element.
 */
export function customerDataBlock(data: unknown): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c')
  return `<script type="application/json" id="${CUSTOMER_DATA_ELEMENT_ID}">${json}</script>`
}

/**
 * The page's module preloads: for a page users land on (sign-in, dashboard), the screen files the
 * portal build listed in `route-preloads.json`, so the browser fetches them with the entry
 * instead of after it.
 */
async function modulePreloads(distRoot: string, urlPath: string): Promise<string> {
  const noPreloads: Record<string, string[]> = {}
  const listed = await readFile(path.join(distRoot, 'route-preloads.json'), 'utf8').then(
    (text) => JSON.parse(text) as Record<string, string[]>,
    () => noPreloads,
  )
  const page = urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath
  const files = Object.hasOwn(listed, page) ? (listed[page] ?? []) : []
  return files
    .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('')
}

/**
 * The portal's `index.html` for one answer: the style nonce filled in and `headEnd` (preloads,
 * customer data) put before `</head>`. Both are inserted by function, so that a `$` in a customer
 * text is never read as a replacement pattern.
 */
export function portalPage(html: string, parts: { styleNonce: string; headEnd: string }): string {
  return html
    .replaceAll(CSP_NONCE_PLACEHOLDER, () => parts.styleNonce)
    .replace('</head>', () => `${parts.headEnd}</head>`)
}

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
  // preCompressed: the build writes .br and .gz beside each file (apps/portal/scripts/compress-build.mjs)
  await app.register(fastifyStatic, { root: distRoot, serve: false, preCompressed: true })
  const dataBlock = customerDataBlock(clientCustomerData(app.config.customer))

  // answered under overload too (decision 083): a file of the portal costs no database work, and a
  // refused one is a screen that fails to load
  const options = {
    config: { public: true, styleNonce: true, unpressured: true },
    schema: { hide: true },
  }
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
    // read on each request: a rebuilt portal has new asset names, and the files are small
    const html = portalPage(await readFile(indexFile, 'utf8'), {
      styleNonce: reply.cspNonce!.style,
      headEnd: `${await modulePreloads(distRoot, urlPath)}${dataBlock}`,
    })
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
  })
}

export default portalRoutes

// Writes dist/route-preloads.json: for each page users land on, the JavaScript files of its
// screens beyond the entry's. The server names them in that page's HTML (modulepreload), so the
// browser fetches them with the entry instead of after it (docs/performance.md).
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { chunkFiles, entryFiles, LANDING_PAGES, readManifest } from './manifest.mjs'

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'))
const manifest = readManifest(dist)
const entry = entryFiles(manifest)
/** @type {Record<string, string[]>} */
const preloads = {}
for (const [page, screens] of Object.entries(LANDING_PAGES)) {
  const files = new Set()
  for (const screen of screens) chunkFiles(manifest, screen, files)
  preloads[page] = [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`)
}
writeFileSync(path.join(dist, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`)

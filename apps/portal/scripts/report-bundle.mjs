// Reports the gzip size of the JavaScript each route loads, from Vite's manifest: the entry with
// its static imports (what /authenticate needs before it can paint) and each screen chunk.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = path.resolve(import.meta.dirname, '../dist')
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024

/** Every JavaScript file a chunk loads statically, the chunk included. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const imported of chunk.imports ?? []) closure(imported, seen)
  return seen
}

const total = (files) => [...files].reduce((sum, file) => sum + gzipKb(file), 0)
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const entry = closure(entryKey)
const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => {
    const own = closure(key)
    const added = [...own].filter((file) => !entry.has(file))
    return { screen: path.basename(chunk.src ?? key, '.tsx'), kb: total(added) }
  })
  .sort((a, b) => a.screen.localeCompare(b.screen))

const login = rows.find((r) => r.screen === 'login-page')
console.log('\nJavaScript, gzip:')
console.log(`  initial (entry and its imports)      ${total(entry).toFixed(1).padStart(7)} kB`)
if (login) {
  console.log(
    `  /authenticate (initial + login)      ${(total(entry) + login.kb).toFixed(1).padStart(7)} kB`,
  )
}
for (const row of rows)
  console.log(`  screen ${row.screen.padEnd(30)}+${row.kb.toFixed(1).padStart(7)} kB`)

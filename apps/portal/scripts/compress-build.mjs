// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible build file, at the
// highest levels: done once here, the server sends them as they are (preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(import.meta.dirname, '../dist')
const COMPRESSIBLE = /\.(js|css|svg|json|txt|ico|webmanifest)$/
// index.html is changed on every answer (style nonce, customer data) and compressed then
const SKIP = new Set([path.join(dist, 'index.html')])

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) yield* files(file)
    else yield file
  }
}

let count = 0
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file) || SKIP.has(file)) continue
  const content = readFileSync(file)
  if (content.length < 1024) continue
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  count++
}
console.log(`${count} Dateien komprimiert (.br, .gz)`)

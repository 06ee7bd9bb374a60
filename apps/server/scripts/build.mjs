// `npm run build -w @portal/server`: bundles src/main.ts with our own code, including the workspace
// package @portal/domain (TypeScript source), into dist/main.js. Every npm package stays external and
// is loaded from node_modules at run time (PGlite finds its wasm next to its own files). The
// migrations are copied next to the bundle: database.ts looks for them beside its own module.
import { build } from 'esbuild'
import { cpSync, rmSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = `${root}dist`
const started = performance.now()

/** Bare imports are npm packages (external), except our workspace packages (bundled). */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    )
  },
}

rmSync(dist, { recursive: true, force: true })
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${dist}/main.js`,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
})
// config.ts resolves customers/ and apps/portal/dist from its own folder; dist/ lies as deep as src/
cpSync(`${root}src/persistence/migrations`, `${dist}/migrations`, { recursive: true })

const kB = (statSync(`${dist}/main.js`).size / 1024).toFixed(0)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(`Server gebaut: apps/server/dist/main.js (${kB} kB) in ${seconds} s.`)

// `npm run build -w @portal/server`: bundles src/main.ts (the server) and src/modules/provider/cli.ts (the
// provider's command line, `check` of the settings included: decision 039) with our own code, including the workspace package @portal/domain
// (TypeScript source), into dist/main.js and dist/provider.js. Every npm package stays external and
// is loaded from node_modules at run time (PGlite finds its wasm next to its own files). The
// migrations are copied next to the bundle: database.ts looks for them beside its own module.
// The production mode runs these bundles with node alone: the demo generator and faker are not in
// them (platform/start-mode.ts loads the demo seeding only from the source).
// `--outdir <folder>` builds elsewhere (the tests); it must lie as deep as dist/ under a checkout.
import { build } from 'esbuild'
import { cpSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({ options: { outdir: { type: 'string' } } })
const dist = values.outdir ? path.resolve(values.outdir) : `${root}dist`
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
const built = await build({
  entryPoints: { main: `${root}src/main.ts`, provider: `${root}src/modules/provider/cli.ts` },
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
  // which source files each bundle holds: the tests check that none of demo/ is among them
  metafile: true,
})
// config.ts resolves customers/ and apps/portal/dist from its own folder; dist/ lies as deep as src/
cpSync(`${root}src/platform/persistence/migrations`, `${dist}/migrations`, { recursive: true })

writeFileSync(`${dist}/meta.json`, JSON.stringify(built.metafile))

const kB = (file) => (statSync(`${dist}/${file}`).size / 1024).toFixed(0)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(
  `Server gebaut: ${values.outdir ? dist : 'apps/server/dist'}/main.js (${kB('main.js')} kB) und provider.js (${kB('provider.js')} kB) in ${seconds} s.`,
)

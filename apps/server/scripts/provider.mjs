// `npm run provider -- …`: the provider's command line (src/modules/provider/cli.ts). Both read the
// server's settings from the file ENV_FILE names (decision 039). With NODE_ENV=production, or when
// tsx is not installed (after `npm prune --omit=dev`), the built bundle dist/provider.js runs with
// node alone, as the server does; otherwise the TypeScript source runs through tsx.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const bundle = new URL('../dist/provider.js', import.meta.url)

/** Whether tsx can be loaded from here (the development install has it, a pruned one not). */
function tsxInstalled() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api')
    return true
  } catch {
    return false
  }
}

if (process.env.NODE_ENV === 'production' || !tsxInstalled()) {
  if (!existsSync(bundle)) {
    console.error(
      process.env.NODE_ENV === 'production'
        ? 'Im Produktionsbetrieb (NODE_ENV=production) läuft der gebaute Server: bauen Sie ihn zuerst (npm run build).'
        : 'Weder der gebaute Server (apps/server/dist/provider.js) noch tsx ist vorhanden: bauen Sie den Server zuerst (npm run build, mit den Entwicklungswerkzeugen von npm ci).',
    )
    process.exit(1)
  }
  await import(bundle.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/modules/provider/cli.ts')
}

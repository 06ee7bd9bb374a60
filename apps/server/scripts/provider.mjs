// `npm run provider -- …`: the provider's command line (src/modules/provider/cli.ts). In production
// (NODE_ENV=production) the built bundle dist/provider.js runs with node alone, as the server does;
// otherwise the TypeScript source runs through tsx, which only the development install has.
import { existsSync } from 'node:fs'

if (process.env.NODE_ENV === 'production') {
  const bundle = new URL('../dist/provider.js', import.meta.url)
  if (!existsSync(bundle)) {
    console.error(
      'Im Produktionsbetrieb (NODE_ENV=production) läuft der gebaute Server: bauen Sie ihn zuerst (npm run build).',
    )
    process.exit(1)
  }
  await import(bundle.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/modules/provider/cli.ts')
}

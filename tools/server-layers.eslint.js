// @ts-check
// The server's floor plan as lint rules (STYLE.md "Layout we aim for", decision 037): imports run
// from `main.ts`/`server.ts`/`app.ts` down to `modules/<capability>/` down to `platform/`, a module
// uses another only through its `index.ts`, nothing but the demo's entry and its seed command
// imports `demo/`, and no file imports itself in a circle. `npm run lint` fails on any of it;
// `apps/server/test/import-rules.test.ts` shows each rule fail.
import { readdirSync } from 'node:fs'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'

const SRC = 'apps/server/src'
const ENTRIES = ['app.ts', 'main.ts', 'server.ts'].map((file) => `${SRC}/${file}`)
const MODULES = readdirSync(new URL(`../${SRC}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** @type {{ target: string | string[], from: string | string[], except?: string[], message: string }[]} */
export const serverZones = [
  {
    target: `${SRC}/platform`,
    from: [`${SRC}/modules`, `${SRC}/demo`, ...ENTRIES],
    message: 'platform/ imports no module, no entry point and nothing of demo/.',
  },
  {
    target: `${SRC}/modules`,
    from: [`${SRC}/demo`, ...ENTRIES],
    message: 'A module imports neither an entry point nor demo/.',
  },
  {
    target: ENTRIES,
    from: `${SRC}/demo`,
    message: 'Production code imports nothing of demo/ (the demo has its own entry, demo/main.ts).',
  },
  ...MODULES.flatMap((module) =>
    MODULES.filter((other) => other !== module).map((other) => ({
      target: `${SRC}/modules/${module}`,
      from: `${SRC}/modules/${other}`,
      except: ['./index.ts'],
      message: `A module uses modules/${other}/ only through its index.ts.`,
    })),
  ),
]

/** The rules, for `eslint.config.js` and for the test that shows them fail. */
export const serverLayerRules = {
  'import-x/no-restricted-paths': ['error', { zones: serverZones }],
  'import-x/no-cycle': ['error', { ignoreExternal: true }],
}

/** The plugin and resolver the rules need. */
export const serverLayerSettings = {
  plugins: { 'import-x': importX },
  settings: {
    // without these the plugin reads no TypeScript file it is led to, and finds no cycle
    'import-x/extensions': ['.ts'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver-next': [
      createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' }),
    ],
  },
}

/** The flat-config block of `eslint.config.js`. */
export const serverLayers = {
  files: [`${SRC}/**/*.ts`],
  ...serverLayerSettings,
  rules: serverLayerRules,
}

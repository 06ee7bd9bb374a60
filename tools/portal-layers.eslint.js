// @ts-check
// The portal's floor plan as lint rules (STYLE.md "Layout we aim for", decision 043): imports run
// from `main.tsx` and `app/` (router, providers, layout, thin route pages) down to
// `features/<feature>/` down to the shared `components/` and `lib/`. A feature never imports
// another feature, `components/` and `lib/` import no feature, nothing but `main.tsx` imports
// `app/`, and no file imports itself in a circle. `npm run lint` fails on any of it;
// `apps/portal/scripts/import-rules.test.mjs` shows each rule fail.
import { readdirSync } from 'node:fs'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'

const SRC = 'apps/portal/src'
const ENTRY = 'main.tsx'

/** The names in `apps/portal/src/<folder>`, read when the config loads: a new feature is covered. */
const entriesOf = (/** @type {string} */ folder) =>
  readdirSync(new URL(`../${SRC}/${folder}`, import.meta.url), { withFileTypes: true })
const FEATURES = entriesOf('features')
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
/** Everything beside `app/` and the entry: shared layers, features, test helpers, locales. */
const BELOW_APP = entriesOf('.')
  .map((entry) => entry.name)
  .filter((name) => name !== 'app' && name !== ENTRY)
  .map((name) => `${SRC}/${name}`)

/** @type {{ target: string | string[], from: string | string[], except?: string[], message: string }[]} */
export const portalZones = [
  {
    target: BELOW_APP,
    from: `${SRC}/app`,
    message: 'Only main.tsx imports app/; app/ composes features, not the other way round.',
  },
  {
    target: [`${SRC}/components`, `${SRC}/lib`],
    from: `${SRC}/features`,
    message: 'components/ and lib/ are shared by every feature and import none.',
  },
  ...FEATURES.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: FEATURES.filter((other) => other !== feature).map((other) => `${SRC}/features/${other}`),
    message: `features/${feature}/ imports no other feature; what two features share lives in components/ or lib/.`,
  })),
]

/** The rules, for `eslint.config.js` and for the test that shows them fail. */
export const portalLayerRules = {
  'import-x/no-restricted-paths': ['error', { zones: portalZones }],
  'import-x/no-cycle': ['error', { ignoreExternal: true }],
}

/** The plugin and resolver the rules need. */
export const portalLayerSettings = {
  plugins: { 'import-x': importX },
  settings: {
    // without these the plugin reads no TypeScript file it is led to, and finds no cycle
    'import-x/extensions': ['.ts', '.tsx'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [
      createTypeScriptImportResolver({ project: 'apps/portal/tsconfig.json' }),
    ],
  },
}

/** The flat-config block of `eslint.config.js`. */
export const portalLayers = {
  files: [`${SRC}/**/*.{ts,tsx}`],
  ...portalLayerSettings,
  rules: portalLayerRules,
}

// @vitest-environment node
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { portalLayerRules, portalLayerSettings } from '../../../tools/portal-layers.eslint.js'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const SRC = path.join(ROOT, 'apps/portal/src')

/** ESLint with the portal's import rules alone, as `npm run lint` applies them to apps/portal/src. */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: {
        parser: tseslint.parser,
        parserOptions: { ecmaFeatures: { jsx: true } },
      },
      ...portalLayerSettings,
      rules: portalLayerRules,
    },
  ],
})

/** A file that imports `name` from `from` and exports it again. */
const importing = (name, from) => `import { ${name} } from '${from}'\nexport const use = ${name}\n`

/** The message of the rule that refuses the import of `from` in a zone, with the zone's reason. */
const restricted = (from, reason) =>
  `import-x/no-restricted-paths: Unexpected path "${from}" imported in restricted zone. ${reason}`

/** The messages of the import rules for `code` as the file `file` of the portal would hold it. */
async function problemsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) })
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`)
}

// ESLint with the type-aware resolver takes seconds on a busy machine: no 5-second default
const LINTING = { timeout: 60_000 }

describe('the portal’s import rules', () => {
  it('refuse an import of one feature by another', LINTING, async () => {
    expect(
      await problemsOf(
        'features/costs/layer-check.tsx',
        importing('Component', '../dashboard/dashboard-page'),
      ),
    ).toEqual([
      restricted(
        '../dashboard/dashboard-page',
        'features/costs/ imports no other feature; what two features share lives in components/ or lib/.',
      ),
    ])
    // within its own feature, and from the shared layers, a feature imports freely
    expect(
      await problemsOf(
        'features/dashboard/components/layer-check.tsx',
        importing('Component', '../dashboard-page'),
      ),
    ).toEqual([])
    expect(
      await problemsOf(
        'features/costs/layer-check.tsx',
        `${importing('PageTitle', '../../components/page-title')}${importing('isLoggedIn', '../../lib/session').replace('use', 'signedIn')}`,
      ),
    ).toEqual([])
  })

  it('refuse a feature in components/ and in lib/', LINTING, async () => {
    const reason = 'components/ and lib/ are shared by every feature and import none.'
    expect(
      await problemsOf(
        'components/layer-check.tsx',
        importing('Component', '../features/dashboard/dashboard-page'),
      ),
    ).toEqual([restricted('../features/dashboard/dashboard-page', reason)])
    expect(
      await problemsOf(
        'lib/layer-check.ts',
        importing('TILES_PER_PAGE', '../features/dashboard/dashboard-page'),
      ),
    ).toEqual([restricted('../features/dashboard/dashboard-page', reason)])
  })

  it('let nothing but main.tsx import app/, while app/ composes features', LINTING, async () => {
    const reason = 'Only main.tsx imports app/; app/ composes features, not the other way round.'
    expect(
      await problemsOf(
        'features/dashboard/layer-check.tsx',
        importing('createRouter', '../../app/router'),
      ),
    ).toEqual([restricted('../../app/router', reason)])
    expect(
      await problemsOf('components/layer-check.tsx', importing('createRouter', '../app/router')),
    ).toEqual([restricted('../app/router', reason)])
    expect(
      await problemsOf('testing/layer-check.tsx', importing('createRouter', '../app/router')),
    ).toEqual([restricted('../app/router', reason)])
    expect(await problemsOf('main.tsx', importing('createRouter', './app/router'))).toEqual([])
    expect(
      await problemsOf(
        'app/routes/layer-check.tsx',
        importing('Component', '../../features/dashboard/dashboard-page'),
      ),
    ).toEqual([])
  })

  it('refuse a cycle of imports', LINTING, async () => {
    const [result] = await eslint.lintFiles([
      path.join(import.meta.dirname, 'fixtures/import-cycle/first.tsx'),
    ])
    expect(result.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle'])
  })

  it('find nothing to refuse in apps/portal/src', { timeout: 120_000 }, async () => {
    const results = await eslint.lintFiles([SRC])
    expect(results.length).toBeGreaterThan(100)
    const problems = results.flatMap((result) =>
      result.messages
        // inline directives name rules this ESLint does not load; a file it cannot parse has no rule
        .filter((message) => message.ruleId === null || message.ruleId.startsWith('import-x/'))
        .map(
          (message) =>
            `${path.relative(SRC, result.filePath)}: ${message.ruleId}: ${message.message}`,
        ),
    )
    expect(problems).toEqual([])
  })
})

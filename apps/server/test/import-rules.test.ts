import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { serverLayerRules, serverLayerSettings } from '../../../tools/server-layers.eslint.js'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** ESLint with the server's import rules alone, as `npm run lint` applies them to apps/server/src. */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      ...serverLayerSettings,
      rules: serverLayerRules,
    },
  ],
})

/** A file that imports `name` from `from` and exports it again. */
const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}'\nexport const use = ${name}\n`

/** The message of the rule that refuses the import of `from` in a zone, with the zone's reason. */
const restricted = (from: string, reason: string) =>
  `import-x/no-restricted-paths: Unexpected path "${from}" imported in restricted zone. ${reason}`

/** The messages of the import rules for `code` as the file `file` of the server would hold it. */
async function problemsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(ROOT, 'apps/server/src', file),
  })
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`)
}

describe('the server’s import rules', () => {
  it('refuse an import of a module from platform/', async () => {
    expect(
      await problemsOf(
        'platform/layer-check.ts',
        importing('changeDistributionStatusById', '../modules/costs'),
      ),
    ).toEqual([
      restricted(
        '../modules/costs',
        'platform/ imports no module, no entry point and nothing of demo/.',
      ),
    ])
  })

  it('refuse demo/ in platform/, in a module and in the production entry points', async () => {
    const demoImport = importing('DEMO_USERS', '../demo/demo-users')
    expect(await problemsOf('platform/layer-check.ts', demoImport)).toHaveLength(1)
    expect(await problemsOf('server-check.ts', demoImport)).toEqual([])
    expect(
      await problemsOf(
        'modules/costs/layer-check.ts',
        importing('DEMO_USERS', '../../demo/demo-users'),
      ),
    ).toEqual([
      restricted('../../demo/demo-users', 'A module imports neither an entry point nor demo/.'),
    ])
    const fromMain = await problemsOf('main.ts', importing('prepareDemoStart', './demo/demo'))
    expect(fromMain).toEqual([
      restricted(
        './demo/demo',
        'Production code imports nothing of demo/ (the demo has its own entry, demo/main.ts).',
      ),
    ])
  })

  it('let a module use another only through its index.ts', async () => {
    expect(
      await problemsOf(
        'modules/provider/layer-check.ts',
        importing('changeDistributionStatusById', '../costs/distribution-status'),
      ),
    ).toEqual([
      restricted(
        '../costs/distribution-status',
        'A module uses modules/costs/ only through its index.ts.',
      ),
    ])
    expect(
      await problemsOf(
        'modules/provider/layer-check.ts',
        importing('changeDistributionStatusById', '../costs'),
      ),
    ).toEqual([])
  })

  it('refuse a cycle of imports', async () => {
    const [result] = await eslint.lintFiles([
      path.join(ROOT, 'apps/server/test/fixtures/import-cycle/first.ts'),
    ])
    expect(result!.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle'])
  })
})

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
        "import { changeDistributionStatusById } from '../modules/costs'\nexport const use = changeDistributionStatusById\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../modules/costs" imported in restricted zone. platform/ imports no module, no entry point and nothing of demo/.',
    ])
  })

  it('refuse demo/ in platform/, in a module and in the production entry points', async () => {
    const demoImport =
      "import { DEMO_USERS } from '../demo/demo-users'\nexport const users = DEMO_USERS\n"
    expect(await problemsOf('platform/layer-check.ts', demoImport)).toHaveLength(1)
    expect(await problemsOf('server-check.ts', demoImport)).toEqual([])
    expect(
      await problemsOf(
        'modules/costs/layer-check.ts',
        "import { DEMO_USERS } from '../../demo/demo-users'\nexport const users = DEMO_USERS\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../../demo/demo-users" imported in restricted zone. A module imports neither an entry point nor demo/.',
    ])
    const fromMain = await problemsOf(
      'main.ts',
      "import { prepareDemoStart } from './demo/demo'\nexport const prepare = prepareDemoStart\n",
    )
    expect(fromMain).toEqual([
      'import-x/no-restricted-paths: Unexpected path "./demo/demo" imported in restricted zone. Production code imports nothing of demo/ (the demo has its own entry, demo/main.ts).',
    ])
  })

  it('let a module use another only through its index.ts', async () => {
    expect(
      await problemsOf(
        'modules/provider/layer-check.ts',
        "import { changeDistributionStatusById } from '../costs/distribution-status'\nexport const use = changeDistributionStatusById\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../costs/distribution-status" imported in restricted zone. A module uses modules/costs/ only through its index.ts.',
    ])
    expect(
      await problemsOf(
        'modules/provider/layer-check.ts',
        "import { changeDistributionStatusById } from '../costs'\nexport const use = changeDistributionStatusById\n",
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

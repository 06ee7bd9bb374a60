/**
 * The README's loop over the changes feed, run as it stands with bash against a PGlite data
 * folder: each run appends the new events and replaces cursor.txt; a run that fails (the database
 * held by another process) leaves cursor.txt and the events as they were, and the next run appends
 * what came since, none twice.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../src/platform/persistence/database'
import { writeAudit } from '../src/platform/persistence/audit'
import { readChanges } from '../src/modules/provider/changes'

const ROOT = path.resolve(import.meta.dirname, '../../..')

let work: string
let dataDir: string

/** The README's shell block that keeps cursor.txt. */
async function readmeLoop(): Promise<string> {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8')
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!)
  const loops = blocks.filter((block) => block.includes('cursor.txt'))
  expect(loops).toHaveLength(1)
  return loops[0]!
}

/**
 * Runs `script` with bash in the work folder as an operator would in the checkout, the database
 * the PGlite folder. The work folder lies outside the checkout: `npm run provider` is the server
 * workspace's script (which the checkout's own passes on to), so that relative paths are the work
 * folder's (INIT_CWD), as they are the checkout's for the operator.
 */
function runBash(script: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORTAL_ROOT: ROOT,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'development',
  }
  // npm sets it to where it was started, the work folder
  delete env.INIT_CWD
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(
      'bash',
      ['-c', `npm() { command npm --prefix "$PORTAL_ROOT/apps/server" "$@"; }\n${script}`],
      { cwd: work, env, stdio: ['ignore', 'inherit', 'pipe'] },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

const events = async () =>
  (await readFile(path.join(work, 'changes.ndjson'), 'utf8'))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { cursor: string; key: string })

const cursorFile = () => readFile(path.join(work, 'cursor.txt'), 'utf8')

/** Audits a cost line added by a user (an event of the feed) for each key. */
async function userWork(db: DatabaseHandle['db'], keys: readonly string[]) {
  for (const key of keys) {
    await writeAudit(db, {
      userName: 'verwalter',
      companyCode: '1000',
      action: 'EXPENSE_ADDED',
      entity: 'operatingCostsHeatingExpense',
      entityKey: key,
      after: { operatingCostsDistribution: 'V1', kind: 'heating', amount: key },
    })
  }
}

beforeAll(async () => {
  work = await realpath(await mkdtemp(path.join(tmpdir(), 'readme-changes-')))
  dataDir = path.join(work, 'data')
  const database = await openDatabase({ dataDir })
  try {
    await database.migrate()
    await userWork(database.db, ['a', 'b'])
  } finally {
    await database.close()
  }
}, 300_000)
afterAll(() => rm(work, { recursive: true, force: true }))

// the loop runs the command line on a data folder; PostgreSQL adds nothing to it
describe.skipIf(inject('testDatabaseKind') !== 'pglite')('the README’s changes-feed loop', () => {
  it('appends new events, keeps cursor.txt through a failure and repeats none', async () => {
    const loop = await readmeLoop()

    const first = await runBash(loop)
    expect(first.code, first.stderr).toBe(0)
    expect((await events()).map((event) => event.key)).toEqual(['a', 'b'])
    const cursor = await cursorFile()
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\n$/)

    // nothing new: the events file is not touched, the cursor stays
    const { mtimeMs } = await stat(path.join(work, 'changes.ndjson'))
    expect((await runBash(loop)).code).toBe(0)
    expect((await stat(path.join(work, 'changes.ndjson'))).mtimeMs).toBe(mtimeMs)
    expect(await cursorFile()).toBe(cursor)

    // new work while the database is held by another process: the run fails and changes nothing
    const held = await openDatabase({ dataDir })
    try {
      await userWork(held.db, ['c', 'd'])
      const failed = await runBash(loop)
      expect(failed.stderr).toMatch(/wird bereits vom Prozess \d+ verwendet/)
      expect(failed.stderr).toMatch(/cursor\.txt unverändert/)
      expect(await cursorFile()).toBe(cursor)
      expect((await events()).map((event) => event.key)).toEqual(['a', 'b'])
    } finally {
      await held.close()
    }

    // the next run catches up: each event once, in order, as the feed has them
    expect((await runBash(loop)).code).toBe(0)
    const all = await events()
    expect(all.map((event) => event.key)).toEqual(['a', 'b', 'c', 'd'])
    expect(new Set(all.map((event) => event.cursor)).size).toBe(4)
    expect(await cursorFile()).not.toBe(cursor)
    const database = await openDatabase({ dataDir })
    try {
      const feed = await readChanges(database.db)
      expect(all).toEqual(feed.items)
      expect(await cursorFile()).toBe(`${feed.cursor}\n`)
    } finally {
      await database.close()
    }
  })
})

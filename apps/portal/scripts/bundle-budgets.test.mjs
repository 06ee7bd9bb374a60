// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { budgetViolations, measureBuild } from './bundle-budgets.mjs'

const script = path.join(import.meta.dirname, 'bundle-budgets.mjs')
const folders = []
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true })))

/**
 * A build with an entry (10 kB that gzip cannot shrink), a shared chunk (20 kB), the login
 * screen (5 kB) and a screen of `screenKb` that imports the shared chunk.
 */
function build(screenKb) {
  const dist = mkdtempSync(path.join(tmpdir(), 'budget-'))
  folders.push(dist)
  mkdirSync(path.join(dist, '.vite'))
  mkdirSync(path.join(dist, 'assets'))
  const file = (name, kb) => {
    writeFileSync(path.join(dist, 'assets', name), randomBytes(kb * 1024))
    return `assets/${name}`
  }
  const manifest = {
    'index.html': { file: file('index.js', 10), isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: file('shared.js', 20) },
    'src/features/auth/login-page.tsx': {
      file: file('login.js', 5),
      src: 'src/features/auth/login-page.tsx',
      isDynamicEntry: true,
    },
    'src/features/big/big-page.tsx': {
      file: file('big.js', screenKb),
      src: 'src/features/big/big-page.tsx',
      isDynamicEntry: true,
      imports: ['_shared.js', '_table.js'],
      dynamicImports: ['src/features/big/big-dialog.tsx'],
    },
    '_table.js': { file: file('table.js', 15) },
    '_menu.js': { file: file('menu.js', 3) },
    // a dialog the big page loads on a click: it shares the table with the page
    'src/features/big/big-dialog.tsx': {
      file: file('big-dialog.js', 2),
      src: 'src/features/big/big-dialog.tsx',
      isDynamicEntry: true,
      imports: ['_table.js', '_menu.js'],
    },
  }
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest))
  return dist
}

const budgets = { routes: { '/authenticate': 40 }, screens: { '*': 10, 'big-page': 80 } }

describe('the bundle budgets', () => {
  it('measure a route with its static imports and a screen with what it adds', () => {
    const measured = measureBuild(build(50))
    // random bytes grow a little under gzip: 10 + 20 + 5 kB and a few hundred bytes
    expect(measured.routes[0].name).toBe('/authenticate')
    expect(measured.routes[0].kb).toBeGreaterThan(35)
    expect(measured.routes[0].kb).toBeLessThan(36)
    const big = measured.screens.find((screen) => screen.name === 'big-page')
    // the shared chunk is the entry's already: the screen adds its own file and the table
    expect(big.kb).toBeGreaterThan(65)
    expect(big.kb).toBeLessThan(66)
    // the dialog loads after the page: it adds its own file and the menu, not the table
    const dialog = measured.screens.find((screen) => screen.name === 'big-dialog')
    expect(dialog.kb).toBeGreaterThan(5)
    expect(dialog.kb).toBeLessThan(5.5)
  })

  it('pass a build within budget and name each screen over it', () => {
    expect(budgetViolations(measureBuild(build(50)), budgets)).toEqual([])
    expect(budgetViolations(measureBuild(build(70)), budgets)).toEqual([
      expect.stringMatching(/^Bildschirm big-page: 85\.\d kB gzip, Budget 80 kB$/),
    ])
  })

  it('name a budget without a build part and a screen without a budget', () => {
    const strict = { routes: { '/authenticate': 40, '/gibt-es-nicht': 1 }, screens: {} }
    expect(budgetViolations(measureBuild(build(50)), strict)).toEqual([
      'Route /gibt-es-nicht: im Budget, aber nicht im Build',
      'Bildschirm big-dialog: kein Budget festgelegt',
      'Bildschirm big-page: kein Budget festgelegt',
      'Bildschirm login-page: kein Budget festgelegt',
    ])
  })

  it('fail the build command over budget, and pass it within', () => {
    const budgetFile = path.join(build(1), 'budgets.json')
    writeFileSync(budgetFile, JSON.stringify(budgets))
    const within = spawnSync(process.execPath, [script, build(50), budgetFile], {
      encoding: 'utf8',
    })
    expect(within.status).toBe(0)
    const over = spawnSync(process.execPath, [script, build(70), budgetFile], { encoding: 'utf8' })
    expect(over.status).toBe(1)
    expect(over.stderr).toMatch(/Budget überschritten/)
    expect(over.stderr).toMatch(/big-page: 85\.\d kB gzip, Budget 80 kB/)
  })
})

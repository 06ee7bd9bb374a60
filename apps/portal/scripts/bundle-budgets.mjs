// The JavaScript budgets of the portal (docs/performance.md), checked over Vite's manifest after
// every build: gzip size (zlib's default level) of what a route loads and of each screen chunk.
// `node scripts/bundle-budgets.mjs [dist] [budgets.json]` prints the table and fails over budget.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chunkFiles, entryFiles, LANDING_PAGES, readManifest } from './manifest.mjs'

/**
 * What /authenticate loads, and what the browser has loaded once the dashboard shows after the
 * sign-in there: the sign-in's calls (loaded when the user turns to the form) and the dashboard.
 */
const LOGIN_SCREENS = LANDING_PAGES['/authenticate']
const SIGN_IN_CALLS = 'src/features/auth/api/sign-in.ts'
const DASHBOARD_SCREENS = [...LOGIN_SCREENS, SIGN_IN_CALLS, ...LANDING_PAGES['/dashboard']]

/**
 * @typedef {import('./manifest.mjs').Manifest} Manifest
 * @typedef {{ name: string, kb: number }} Measured
 * @typedef {{ routes: Record<string, number>, screens: Record<string, number> }} Budgets
 */

/**
 * Measures a build: `routes` are all JavaScript a route loads (entry and its static imports,
 * plus its screens), `screens` what each lazily loaded screen adds to what is loaded when it can
 * be asked for: the entry, and for a chunk that only screens load lazily (a dialog, a menu) also
 * what every one of those screens loaded.
 * @param {string} dist
 * @returns {{ routes: Measured[], screens: Measured[] }}
 */
export function measureBuild(dist) {
  const manifest = readManifest(dist)
  /** @type {Map<string, number>} */
  const gzipBytes = new Map()
  /** @param {string} file */
  const sizeOf = (file) => {
    if (!gzipBytes.has(file))
      gzipBytes.set(file, gzipSync(readFileSync(path.join(dist, file))).length)
    return /** @type {number} */ (gzipBytes.get(file))
  }
  /** @param {string} key */
  const closure = (key) => chunkFiles(manifest, key)
  /** @param {Iterable<string>} files */
  const kb = (files) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024
  const entry = entryFiles(manifest)
  /** @param {string[]} screens */
  const routeFiles = (screens) => {
    const files = new Set(entry)
    for (const screen of screens) chunkFiles(manifest, screen, files)
    return files
  }
  /** What is loaded before the dynamic entry `key` can be asked for. @param {string} key */
  const loadedBefore = (key) => {
    const importers = Object.entries(manifest)
      .filter(([, chunk]) => (chunk.dynamicImports ?? []).includes(key))
      .map(([importer]) => importer)
    if (importers.length === 0 || importers.some((importer) => manifest[importer]?.isEntry))
      return entry
    const [first, ...others] = importers.map(
      (importer) => new Set([...entry, ...closure(importer)]),
    )
    return new Set([...first].filter((file) => others.every((loaded) => loaded.has(file))))
  }
  const screens = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const loaded = loadedBefore(key)
      return {
        name: path.basename(chunk.src ?? key).replace(/\.[jt]sx?$/, ''),
        kb: kb([...closure(key)].filter((file) => !loaded.has(file))),
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
  const routes = [{ name: '/authenticate', kb: kb(routeFiles(LOGIN_SCREENS)) }]
  if (DASHBOARD_SCREENS.every((screen) => manifest[screen])) {
    routes.push({ name: '/dashboard nach Anmeldung', kb: kb(routeFiles(DASHBOARD_SCREENS)) })
  }
  return { routes, screens }
}

/**
 * The budgets a measured build exceeds, as German lines; a screen without its own budget has the
 * budget `*`, and a budget without a measured route or screen is a mistake too.
 * @param {{ routes: Measured[], screens: Measured[] }} measured
 * @param {Budgets} budgets
 * @returns {string[]}
 */
export function budgetViolations(measured, budgets) {
  const violations = []
  for (const [kind, list, limits] of /** @type {const} */ ([
    ['Route', measured.routes, budgets.routes],
    ['Bildschirm', measured.screens, budgets.screens],
  ])) {
    for (const { name, kb } of list) {
      const limit = limits[name] ?? limits['*']
      if (limit === undefined) violations.push(`${kind} ${name}: kein Budget festgelegt`)
      else if (kb > limit)
        violations.push(`${kind} ${name}: ${kb.toFixed(1)} kB gzip, Budget ${limit} kB`)
    }
    for (const name of Object.keys(limits)) {
      if (name !== '*' && !list.some((item) => item.name === name))
        violations.push(`${kind} ${name}: im Budget, aber nicht im Build`)
    }
  }
  return violations
}

/** @param {{ routes: Measured[], screens: Measured[] }} measured @param {Budgets} budgets */
function printTable(measured, budgets) {
  console.log('\nJavaScript, gzip (Budget):')
  for (const { name, kb } of measured.routes)
    console.log(`  ${name.padEnd(36)} ${kb.toFixed(1).padStart(7)} kB  (${budgets.routes[name]})`)
  for (const { name, kb } of measured.screens) {
    const limit = budgets.screens[name] ?? budgets.screens['*']
    console.log(`  + ${name.padEnd(34)} ${kb.toFixed(1).padStart(7)} kB  (${limit})`)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '..')
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'))
  const budgetFile = path.resolve(process.argv[3] ?? path.join(root, 'bundle-budgets.json'))
  /** @type {Budgets} */
  const budgets = JSON.parse(readFileSync(budgetFile, 'utf8'))
  const measured = measureBuild(dist)
  printTable(measured, budgets)
  const violations = budgetViolations(measured, budgets)
  if (violations.length > 0) {
    console.error(`\nBudget überschritten (${path.relative(process.cwd(), budgetFile)}):`)
    for (const line of violations) console.error(`  ${line}`)
    process.exitCode = 1
  }
}

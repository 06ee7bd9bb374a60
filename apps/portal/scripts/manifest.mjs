// Reading Vite's build manifest: which JavaScript files a chunk loads, and the screens of the
// pages a user lands on. Used by the bundle budgets and by the route preloads.
import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/**
 * The screen modules a page loads when it is opened directly: the pages users land on. The
 * sign-in is plain React (decision 027); the dashboard brings MUI with the portal's theme
 * (`providers`) and the app shell.
 */
export const LANDING_PAGES = {
  '/authenticate': ['src/features/auth/login-page.tsx'],
  '/dashboard': [
    'src/app/providers.tsx',
    'src/app/layout/app-shell.tsx',
    'src/features/dashboard/dashboard-page.tsx',
  ],
}

/** @param {string} dist @returns {Manifest} */
export function readManifest(dist) {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))
}

/**
 * Every JavaScript file a chunk loads statically, the chunk included, added to `files`.
 * @param {Manifest} manifest
 * @param {string} key
 * @param {Set<string>} [files]
 */
export function chunkFiles(manifest, key, files = new Set()) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} fehlt im Manifest`)
  if (files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files)
  return files
}

/** The files of the entry point and its static imports. @param {Manifest} manifest */
export function entryFiles(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entryKey) throw new Error('Das Manifest hat keinen Einstiegspunkt')
  return chunkFiles(manifest, entryKey)
}

/** The benchmark's options, paths, ports and sizes, and its log. */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { Database } from './targets'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const DATA = path.join(ROOT, 'bench/.data')
export const RESULTS = path.join(ROOT, 'bench/results')
export const SERVER = path.join(ROOT, 'apps/server/dist/main.js')
export const REFERENCE_SOURCE = path.join(ROOT, 'bench/reference/main.ts')
export const REFERENCE = path.join(DATA, 'dist/reference.mjs')
export const REFERENCE_PORT = 4321
/** Decision 010: the API scenarios the reference answers; the token scenario stays the product's. */
export const REFERENCE_SCENARIOS = new Set([
  'search-50',
  'search-2000',
  'expenses-500',
  'download-5mb',
])
export const USER = 'verwalter'
export const PORTS: Record<Database, number> = { pglite: 4310, postgres: 4320 }
export const BENCH_DATABASE = 'portal_bench'
export const EXPENSE_LINES = 500
export const ATTACHMENT_BYTES = 5 * 1024 * 1024
export const CONNECTIONS = 10

export const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '20' },
    'soak-minutes': { type: 'string', default: '10' },
    'skip-portal': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
})
export const scale = Number(args.scale)
export const duration = Number(args.duration)
export const soakMinutes = Number(args['soak-minutes'])
if (!Number.isInteger(scale) || scale < 1) throw new Error('--scale: eine ganze Zahl ab 1')
if (!(duration > 0)) throw new Error('--duration: Sekunden, mehr als 0')
if (!(soakMinutes >= 0)) throw new Error('--soak-minutes: Minuten, 0 oder mehr')
export const postgresUrl = process.env.DATABASE_URL || undefined
if (args['skip-pglite'] && !postgresUrl) {
  throw new Error('--skip-pglite: ohne DATABASE_URL bliebe keine Datenbank zu messen')
}

export const log = (line: string) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`)

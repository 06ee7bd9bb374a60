/**
 * The demo mode's seeding, loaded by `start-mode.ts` only when the server runs from its TypeScript
 * source (`npm start`). It brings in the demo generator and faker, which the production bundle
 * leaves out.
 */
import type { Database } from '../platform/persistence/database'
import { isDatabaseEmpty, seedDemoData } from './demo-data'

/** Seeds the demo data into an empty database; answers the banner line, or null when not empty. */
export async function seedEmptyDatabase(db: Database): Promise<string | null> {
  if (!(await isDatabaseEmpty(db))) return null
  const started = performance.now()
  await seedDemoData(db, {})
  return `Demodaten angelegt in ${((performance.now() - started) / 1000).toFixed(1)} s.`
}

/**
 * The data versions of migrations 0008 and 0014 (decisions 026 and 054) for a transaction that
 * knows better than the triggers whether it changed anything: an import that changes nothing must
 * invalidate no kept answer. Such a transaction holds the versions first and raises the version of
 * everything itself, once, if it changed a row.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from './database'

/** The triggers leave the versions alone for the rest of the transaction `tx`. */
export async function holdDataVersion(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('portal.data_version_raised', 'yes', true)`)
}

/**
 * Raises the version of everything once (in a transaction that holds the versions): every kept
 * answer of every company code is then out of date.
 */
export async function raiseDataVersion(tx: Executor): Promise<void> {
  await tx.execute(sql`update data_version set version = version + 1`)
}

import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Executor, Transaction } from './database'

/**
 * Runs `work` in the caller's transaction when it is given one, otherwise in a transaction of its
 * own. Unlike `db.transaction` inside a transaction, it opens no savepoint (two round trips): for
 * work whose failure ends the caller's transaction anyway.
 */
export function inTransaction<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as Transaction) : db.transaction(work)
}

/**
 * Scheduled jobs run once per interval across every server process on the database (decision 029).
 * Each process keeps its own timer; a run first claims the interval: in one
 * transaction it takes the job's advisory lock and moves the job's last run to now unless another
 * process did within the interval. Only the process whose claim succeeds runs the job.
 */
import { sql } from 'drizzle-orm'
import type { Database, Executor } from '../persistence/database'
import { jobRuns } from '../persistence/schema'

/** Where a job logs its runs: the server's logger. */
export interface JobLogger {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

/**
 * Claims the run of `job` if its last run is at least `intervalMs` ago, less a minute of slack for
 * timers that fire a little early. True: this process runs it now.
 */
export async function claimJobRun(db: Database, job: string, intervalMs: number): Promise<boolean> {
  const slackSeconds = Math.max(intervalMs / 1000 - 60, 0)
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`job:${job}`}, 0)) as locked`,
    )) as { rows: { locked: boolean }[] }
    // another process is claiming it right now: it will run the job
    if (!locked.rows[0]?.locked) return false
    const claimed = await tx
      .insert(jobRuns)
      .values({ job, lastRunAt: sql`now()` })
      .onConflictDoUpdate({
        target: jobRuns.job,
        set: { lastRunAt: sql`now()` },
        setWhere: sql`${jobRuns.lastRunAt} <= now() - make_interval(secs => ${slackSeconds})`,
      })
      .returning({ job: jobRuns.job })
    return claimed.length > 0
  })
}

/**
 * Records that `job` ran now without running it through a claim: for work that did what the job
 * does in another way (the demo seed computes the day's alarms itself), so that the servers that
 * start next do not repeat it within the interval.
 */
export async function recordJobRun(db: Executor, job: string): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ job, lastRunAt: sql`now()` })
    .onConflictDoUpdate({ target: jobRuns.job, set: { lastRunAt: sql`now()` } })
}

/**
 * Decision 070: computes the alarms at start and every day, once across all server processes on
 * the database (`claimJobRun`). The timer does not keep the process alive; `stop()` clears it.
 */
import { toIsoDate } from '@portal/domain'
import { serializeError } from '../../platform/logging'
import type { Database } from '../../platform/persistence/database'
import { claimJobRun, type JobLogger } from '../../platform/jobs/job-claim'
import { raiseAlarms, type AlarmRun } from './alarms'

export const ALARMS_INTERVAL_MS = 24 * 60 * 60 * 1000
/** The job's name in `job_runs`. */
export const ALARMS_JOB = 'alarms'

const NOTHING: AlarmRun = { found: 0, raised: 0 }

/** One run in one transaction; errors are logged, never thrown, so that the timer survives them. */
export async function runAlarmsJob(
  db: Database,
  log: JobLogger,
  options: { today?: string; thresholdPercent?: number } = {},
): Promise<AlarmRun> {
  const today = options.today ?? toIsoDate(new Date())
  try {
    const started = performance.now()
    const run = await db.transaction((tx) =>
      raiseAlarms(tx, {
        today,
        ...(options.thresholdPercent === undefined
          ? {}
          : { thresholdPercent: options.thresholdPercent }),
      }),
    )
    log.info(
      { ...run, today, ms: Math.round(performance.now() - started) },
      'alarms computed from the readings',
    )
    return run
  } catch (err) {
    log.error({ err: serializeError(err) }, 'alarms not computed')
    return NOTHING
  }
}

/** A run if this process claims the interval; nothing found when another process ran it. */
export async function runClaimedAlarms(
  db: Database,
  log: JobLogger,
  thresholdPercent?: number,
  intervalMs = ALARMS_INTERVAL_MS,
): Promise<AlarmRun> {
  try {
    if (!(await claimJobRun(db, ALARMS_JOB, intervalMs))) {
      log.info({ job: ALARMS_JOB }, 'scheduled job skipped: another process ran it')
      return NOTHING
    }
    log.info({ job: ALARMS_JOB }, 'scheduled job claimed: the alarms are computed')
  } catch (err) {
    log.error({ err: serializeError(err) }, 'alarms not claimed')
    return NOTHING
  }
  return runAlarmsJob(db, log, thresholdPercent === undefined ? {} : { thresholdPercent })
}

/** `thresholdPercent`: the customer configuration's `farAboveAveragePercent` (50 when absent). */
export function startAlarmsJob(
  db: Database,
  log: JobLogger,
  thresholdPercent?: number,
  intervalMs = ALARMS_INTERVAL_MS,
): { stop(): void; firstRun: Promise<AlarmRun> } {
  const firstRun = runClaimedAlarms(db, log, thresholdPercent, intervalMs)
  const timer = setInterval(
    () => void runClaimedAlarms(db, log, thresholdPercent, intervalMs),
    intervalMs,
  )
  timer.unref()
  return { stop: () => clearInterval(timer), firstRun }
}

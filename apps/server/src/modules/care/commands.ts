/** Decision 070: `npm run provider -- alarms`, the daily alarms on demand. */
import { toIsoDate } from '@portal/domain'
import type { ServerConfig } from '../../platform/config'
import type { Database } from '../../platform/persistence/database'
import { raiseAlarms } from './alarms'

export const ALARMS_USAGE = 'alarms'

export interface AlarmCommandContext {
  config: Partial<Pick<ServerConfig, 'customer'>>
}

/** The `alarms` command; undefined for every other command. */
export async function runAlarmCommand(
  args: readonly string[],
  db: Database,
  out: (line: string) => void,
  context?: AlarmCommandContext,
  today = toIsoDate(new Date()),
): Promise<number | undefined> {
  if (args[0] !== 'alarms' || args.length !== 1) return undefined
  const thresholdPercent = context?.config.customer?.config.farAboveAveragePercent
  const run = await db.transaction((tx) =>
    raiseAlarms(tx, { today, ...(thresholdPercent === undefined ? {} : { thresholdPercent }) }),
  )
  out(
    run.raised === 0
      ? `Keine neuen Alarme (${run.found} bereits bekannt).`
      : `${run.raised} neue(r) Alarm(e), ${run.found - run.raised} bereits bekannt.`,
  )
  return 0
}

/**
 * The standard file names of an exchange, "DTM305_JJJJMMTThhmmss.DAT": the file's prefix (which
 * carries the version) and the time of writing. The time is the wall clock in Germany, where the
 * files are exchanged, whatever zone the server runs in.
 */
import { TIME_ZONE } from '../format/date'
import type { BvedRecordType, BvedVersion } from './layouts'
import { BVED_FILE_KINDS } from './layouts'

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** The name of the file that holds records of `type`, written at `writtenAt`. */
export function bvedFileName(
  type: BvedRecordType,
  writtenAt: Date,
  version: BvedVersion = '3.05',
): string {
  const parts = Object.fromEntries(
    wallClock.formatToParts(writtenAt).map((part) => [part.type, part.value]),
  )
  const stamp = `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`
  return `${BVED_FILE_KINDS[version][type].prefix}_${stamp}.DAT`
}

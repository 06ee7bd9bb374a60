import { DEVICE_TYPE_CLASSES } from '../codes/device'
import { CONTRACT_STATUS } from '../codes/contract'
import {
  CONSUMPTION_DEVICES,
  CONSUMPTION_SERIES_LABELS,
  CONSUMPTION_TYPE_CLASSES,
  consumptionDigits,
  formatMonth,
  monthEnd,
  type ConsumptionTypeClass,
} from '../consumption/monthly-consumption'
import { formatDecimal } from '../format/amount'
import { formatDate } from '../format/date'
import { VACANT_CONTRACT_STATUS } from './compliance'

/**
 * Decision 070: the alarms the daily job raises from the readings (the rules are those of
 * `compliance.ts`, decision 068), their German titles and explanations, the key that finds an
 * alarm again the next day, and the states a manager sets.
 */

export const ALARM_KINDS = [
  'VACANT_CONSUMPTION',
  'SILENT_DEVICE',
  'FAR_ABOVE_AVERAGE',
  'BACKWARD_READING',
] as const
export type AlarmKind = (typeof ALARM_KINDS)[number]

export const ALARM_KIND_TITLES: Readonly<Record<AlarmKind, string>> = {
  VACANT_CONSUMPTION: 'Verbrauch trotz Leerstand',
  SILENT_DEVICE: 'Funkgerät sendet keine Werte',
  FAR_ABOVE_AVERAGE: 'Verbrauch weit über dem Durchschnitt',
  BACKWARD_READING: 'Zählerstand rückläufig',
}

export const ALARM_STATES = ['OFFEN', 'GESEHEN', 'ERLEDIGT'] as const
export type AlarmState = (typeof ALARM_STATES)[number]

export const ALARM_STATE_LABELS: Readonly<Record<AlarmState, string>> = {
  OFFEN: 'offen',
  GESEHEN: 'gesehen',
  ERLEDIGT: 'erledigt',
}

/** The states a manager may move an alarm to from each state; a done alarm can only be reopened. */
export const ALARM_STATE_CHANGES: Readonly<Record<AlarmState, readonly AlarmState[]>> = {
  OFFEN: ['GESEHEN', 'ERLEDIGT'],
  GESEHEN: ['OFFEN', 'ERLEDIGT'],
  ERLEDIGT: ['OFFEN'],
}

export function canChangeAlarmState(from: AlarmState, to: AlarmState): boolean {
  return ALARM_STATE_CHANGES[from].includes(to)
}

/** The German refusal of a change the table above does not allow. */
export function alarmStateChangeRefused(from: AlarmState, to: AlarmState): string {
  return `Ein ${ALARM_STATE_LABELS[from]}er Alarm kann nicht auf „${ALARM_STATE_LABELS[to]}“ gesetzt werden.`
}

/**
 * What an alarm is about: `kind|unit|device|subject`, the subject being the month (or month and
 * type class) or the day of the reading. The next day's run computes the same key and finds the
 * alarm it raised before, with the state the manager gave it.
 */
export function alarmKey(alarm: {
  kind: AlarmKind
  pointOfDelivery: string
  device: string | null
  subject: string
}): string {
  return [alarm.kind, alarm.pointOfDelivery, alarm.device ?? '', alarm.subject].join('|')
}

/** An alarm's details: what its explanation is built from (stored as jsonb). */
export type AlarmDetails = Record<string, string | number | null>

/**
 * A unit is vacant through a month when no contract other than a vacancy (status L) touches a day
 * of it. Answers null when it is not; else since when (the day after the last tenancy ended, else
 * the vacancy contract's start; null when neither is known) and whether a vacancy contract (L)
 * covers the month or there is none.
 */
export function vacancyInMonth(
  contracts: readonly { contractStatus: string; from: string; until: string | null }[],
  month: string,
): { since: string | null; contractStatus: typeof VACANT_CONTRACT_STATUS | null } | null {
  const first = `${month}-01`
  const last = monthEnd(month)
  const touches = (c: { from: string; until: string | null }) =>
    c.from <= last && (c.until === null || c.until >= first)
  const tenancies = contracts.filter((c) => c.contractStatus !== VACANT_CONTRACT_STATUS)
  if (tenancies.some(touches)) return null
  const vacancies = contracts.filter((c) => c.contractStatus === VACANT_CONTRACT_STATUS)
  const ended = tenancies
    .map((c) => c.until)
    .filter((until): until is string => until !== null && until < first)
    .sort()
    .at(-1)
  const vacancyStart = vacancies
    .filter(touches)
    .map((c) => c.from)
    .sort()
    .at(0)
  const since = ended !== undefined ? dayAfter(ended) : (vacancyStart ?? null)
  return {
    since,
    contractStatus: vacancies.some(touches) ? VACANT_CONTRACT_STATUS : null,
  }
}

function dayAfter(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/** A consumption as people read it: '412 Einheiten', '1,234 m³' (no trailing zeros). */
export function formatAlarmConsumption(value: string | number, typeClass: string): string {
  const unit = CONSUMPTION_DEVICES[typeClass as ConsumptionTypeClass]?.unit ?? 'Einheiten'
  const text = formatDecimal(value, consumptionDigits(unit)).replace(/,?0+$/, '')
  return `${text === '' || text === '-' ? '0' : text}\u00a0${unit}`
}

const deviceName = (typeClass: string | number | null | undefined) =>
  DEVICE_TYPE_CLASSES[String(typeClass) as keyof typeof DEVICE_TYPE_CLASSES] ?? 'Gerät'

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

const joinGerman = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}`

/** The German sentence that tells the manager what the job found. */
export function alarmExplanation(kind: AlarmKind, details: AlarmDetails): string {
  const unit = `Die Nutzeinheit ${text(details.unitReference)}`
  switch (kind) {
    case 'VACANT_CONSUMPTION': {
      const since = details.vacantSince ? ` seit ${formatDate(text(details.vacantSince))}` : ''
      const why =
        details.contractStatus === VACANT_CONTRACT_STATUS
          ? `Vertragsstatus ${VACANT_CONTRACT_STATUS} – ${CONTRACT_STATUS.L}`
          : 'kein Vertrag'
      const used = CONSUMPTION_TYPE_CLASSES.filter((c) => details[c] != null).map(
        (c) => `${formatAlarmConsumption(details[c]!, c)} (${CONSUMPTION_SERIES_LABELS[c]})`,
      )
      return `${unit} ist${since} leer (${why}), hat aber im ${formatMonth(text(details.month))} ${joinGerman(used)} verbraucht.`
    }
    case 'SILENT_DEVICE':
      return `Das Gerät ${text(details.serialNumber)} (${deviceName(details.typeClass)}) der Nutzeinheit ${text(details.unitReference)} sendet keine Werte mehr: der letzte Wert ist vom ${formatDate(text(details.lastReadingDate))}, der Wert zum ${formatDate(text(details.expectedDate))} fehlt.`
    case 'FAR_ABOVE_AVERAGE': {
      const typeClass = text(details.typeClass)
      const perSquareMetre = (value: string | number | null | undefined) =>
        `${formatDecimal(text(value), 2)}\u00a0${CONSUMPTION_DEVICES[typeClass as ConsumptionTypeClass]?.unit ?? 'Einheiten'}/m²`
      return `${unit} hat in den zwölf Monaten bis ${formatMonth(text(details.month))} mit ${perSquareMetre(details.perSquareMetre)} ${formatDecimal(Number(details.percentAboveAverage), 1)} % mehr verbraucht als die Liegenschaft im Durchschnitt (${perSquareMetre(details.propertyPerSquareMetre)}; ${CONSUMPTION_SERIES_LABELS[typeClass as ConsumptionTypeClass] ?? deviceName(typeClass)}). Die Schwelle liegt bei ${formatDecimal(Number(details.thresholdPercent), 0)} %.`
    }
    case 'BACKWARD_READING':
      return `Der Zählerstand des Geräts ${text(details.serialNumber)} (${deviceName(details.typeClass)}) der Nutzeinheit ${text(details.unitReference)} ist am ${formatDate(text(details.readingDate))} mit ${formatDecimal(text(details.reading), 3)} kleiner als der Wert davor (${formatDecimal(text(details.previous), 3)}); ein Zähler zählt nur aufwärts.`
  }
}

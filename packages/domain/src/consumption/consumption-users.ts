import { isShownContractAccountType } from '../codes/contract'
import { isCurrentContract } from '../contracts/contracts'
import { daysInMonth } from '../format/date'

/**
 * Issue 24: the monthly consumption information is owed to the user (Nutzer) of a usage unit, not
 * to the unit. §6a Abs. 2 Nr. 1 HeizkostenV asks for "den Verbrauch des Nutzers im letzten Monat",
 * Nr. 2 for the comparison "mit dem Verbrauch des Vormonats desselben Nutzers sowie mit dem
 * entsprechenden Monat des Vorjahres desselben Nutzers, soweit diese Daten erhoben worden sind".
 * §6b allows the data of remotely read devices to be used only as far as §6 and §6a need them, so
 * a user is never shown a month of his predecessor or successor. (docs/decisions/033)
 */

/** One contract of a user on the unit: ISO days, both inclusive; `until` null while it runs. */
export interface ContractPeriod {
  contract: string
  from: string
  until: string | null
}

/** A user of the unit: one business partner with his contracts on it (not vacancies). */
export interface ConsumptionUser {
  businessPartner: string
  name: string
  /** Oldest first. */
  periods: ContractPeriod[]
}

/** A contract of the unit as the consumption information reads it. */
export interface UnitContract extends ContractPeriod {
  businessPartner: string
  name: string
  contractAccountType: string
}

function firstDay(month: string): string {
  return `${month}-01`
}

function lastDay(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return `${month}-${String(daysInMonth(year, number)).padStart(2, '0')}`
}

function nextDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  if (day < daysInMonth(year, month)) {
    return `${isoDate.slice(0, 8)}${String(day + 1).padStart(2, '0')}`
  }
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

/**
 * Whether a month ('YYYY-MM') is the user's: every day of it, the first to the last, lies in one of
 * his contracts (two contracts that follow each other without a gap count as one).
 *
 * The figures come from month-end values, so a month in which the tenant changed holds the
 * consumption of two users: it is shown to neither. Showing it whole to one would tell him the
 * other's consumption (§6b), and a part of a month is no comparable "Verbrauch im letzten Monat"
 * (§6a Abs. 2 Nr. 1). A move-in on the 1st and a move-out on the month's last day keep the month.
 */
export function isUserMonth(periods: readonly ContractPeriod[], month: string): boolean {
  const end = lastDay(month)
  let day = firstDay(month)
  for (;;) {
    const covering = periods.find((p) => p.from <= day && (p.until === null || p.until >= day))
    if (!covering) return false
    if (covering.until === null || covering.until >= end) return true
    day = nextDay(covering.until)
  }
}

/**
 * The users of a unit whose contracts touch the months `first` to `last`, oldest first: the
 * contracts grouped by business partner. Vacancies (contracts on a technical account, VKT) are no
 * user: nobody is owed an information for them, and they are never shown (§2).
 */
export function consumptionUsers(
  contracts: readonly UnitContract[],
  first: string,
  last: string,
): ConsumptionUser[] {
  const users = new Map<string, ConsumptionUser>()
  const sorted = [...contracts].sort((a, b) => a.from.localeCompare(b.from))
  for (const contract of sorted) {
    if (!isShownContractAccountType(contract.contractAccountType)) continue
    if (contract.from > lastDay(last)) continue
    if (contract.until !== null && contract.until < firstDay(first)) continue
    const period = { contract: contract.contract, from: contract.from, until: contract.until }
    const user = users.get(contract.businessPartner)
    if (user) user.periods.push(period)
    else {
      users.set(contract.businessPartner, {
        businessPartner: contract.businessPartner,
        name: contract.name,
        periods: [period],
      })
    }
  }
  return [...users.values()]
}

/**
 * The user shown first: the one with a contract current today, else the one who moved in last
 * (a unit vacant today shows its last tenant).
 */
export function defaultConsumptionUser(
  users: readonly ConsumptionUser[],
  today: string,
): ConsumptionUser | null {
  return (
    users.find((user) => user.periods.some((p) => isCurrentContract(p, today))) ??
    users.at(-1) ??
    null
  )
}

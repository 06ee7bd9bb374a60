import { isShownContractAccountType } from '../codes/contract'
import { isCurrentContract } from '../contracts/contracts'
import { monthEnd } from './monthly-consumption'

/**
 * Decision 033: the monthly consumption information is owed to the user (Nutzer) of a usage unit, not
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
    if (contract.from > monthEnd(last)) continue
    if (contract.until !== null && contract.until < `${first}-01`) continue
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

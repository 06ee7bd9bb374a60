/**
 * What every request's authentication needs to know of the second factor (decision 035): whether
 * the customer requires one, and whether a user has one. Setting it up, using and removing it are
 * the accounts module's use cases (`modules/accounts/second-factor.ts`).
 */
import { sql, type Column } from 'drizzle-orm'
import type { LoadedCustomer } from '../load-customer'
import { secondFactors } from '../persistence/schema'

export const SECOND_FACTOR_SETUP_REQUIRED_MESSAGE =
  'Für dieses Kundenportal ist eine Zwei-Faktor-Anmeldung vorgeschrieben. Bitte richten Sie sie zuerst ein.'

/** SQL: whether the user of `userIdColumn` has a confirmed second factor (for one-statement reads). */
export const hasSecondFactorSql = (userIdColumn: Column) =>
  sql<boolean>`exists (select 1 from ${secondFactors} where ${secondFactors.userId} = ${userIdColumn} and ${secondFactors.confirmedAt} is not null)`

/** The customer configuration's switch: every user must have a second factor. */
export const requiresSecondFactor = (customer: LoadedCustomer) =>
  customer.config.switches.requireSecondFactor === true

/**
 * What a user gives to create a consumption-data credential (decision 062). A module of its own:
 * the field kit it uses then stays out of the routes that only read the service's answers.
 */
import { z } from 'zod'
import { requiredText } from './form-fields'

export const CONSUMPTION_CREDENTIAL_NAME_MAX = 60

export const ConsumptionCredentialInputSchema = z.strictObject({
  /** What the manager calls the software the credential is for ("Hausverwaltung ERP"). */
  name: requiredText(CONSUMPTION_CREDENTIAL_NAME_MAX),
})
export type ConsumptionCredentialInput = z.infer<typeof ConsumptionCredentialInputSchema>

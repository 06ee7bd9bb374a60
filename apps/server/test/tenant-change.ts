/**
 * The tenant change (activity MIETERWECHSEL on a usage unit) as the portal's form sends it: the
 * activity, its multipart body and the request through `app.inject`.
 */
import type { TenantChangeDraft } from '@portal/domain'
import { multipart, type MultipartFile } from './fixtures/files'
import type { TestContext } from './helper'

/** A private tenant moving out at the end of June 2025. */
export const PRIVATE_TENANT = {
  customerType: 'private',
  salutation: 'FR',
  title: '',
  NAME1: 'Erika',
  NAME2: 'Mustermann',
  AUSZUG: '2025-06-30',
  PLZ: '10115',
  ORT: 'Berlin',
  STRASSE: 'Invalidenstraße',
  HAUSNR: '12',
  ZUSATZ: '',
  POSTFACH: '',
  EMAIL: 'erika@example.com',
  TEL: '',
  information: '',
} satisfies TenantChangeDraft

/** A company tenant moving out at the end of June 2025, every field filled in. */
export const COMPANY_TENANT = {
  customerType: 'company',
  salutation: 'UN',
  title: '',
  NAME1: 'Bäckerei Schulz',
  NAME2: 'GmbH',
  AUSZUG: '2025-06-30',
  PLZ: '10115',
  ORT: 'Berlin',
  STRASSE: 'Invalidenstraße',
  HAUSNR: '12a',
  ZUSATZ: '',
  POSTFACH: '',
  EMAIL: 'kontakt@baeckerei-schulz.example.com',
  TEL: '+49 30 123456-7',
  information: 'Schlüsselübergabe über die Hausverwaltung.',
} satisfies TenantChangeDraft

/** The activity of a tenant change of usage unit `unit`; `payload` is the form's fields as sent. */
export const tenantChangeActivity = <Payload>(unit: string, payload: Payload) => ({
  activityType: 'MIETERWECHSEL',
  objectType: 'VSTELLE',
  objectKey: unit,
  payload,
})

/** The multipart body of a tenant change, with an optional file. */
export const tenantChangeForm = (unit: string, payload: unknown, file?: MultipartFile) =>
  multipart({ activity: JSON.stringify(tenantChangeActivity(unit, payload)) }, file)

/** Reports a tenant change through `app.inject` with the user's `headers`; answers the response. */
export function submitTenantChange(
  ctx: TestContext,
  headers: Record<string, string>,
  unit: string,
  payload: unknown,
  file?: MultipartFile,
) {
  const body = tenantChangeForm(unit, payload, file)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/persistence/activities',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  })
}

import { ERROR, UnitConsumptionSchema } from '@portal/domain'
import { downloadFile } from '../../../lib/api-client'
import { readAnswer, type ReadContext } from '../../../lib/api-query'
import { residentKeys } from './tenancy'

/**
 * Decision 065: the resident's own months of the last twelve (§6a HeizkostenV), shaped as a
 * unit's answer for one user (decision 033) whose only user is he. The read the consumption
 * panel makes a query of, with its own view of the answer.
 */
export const residentConsumptionRead = () => ({
  queryKey: residentKeys.consumption,
  queryFn: (context: ReadContext) =>
    readAnswer(context, '/api/residents/monthly-consumption', UnitConsumptionSchema, {
      errorCode: ERROR.unitDetails,
    }),
})

/** Saves the one-page PDF of one of his months ('YYYY-MM'), under the server's file name. */
export function downloadResidentConsumptionInformation(month: string): Promise<void> {
  return downloadFile(
    `/api/residents/monthly-consumption/${encodeURIComponent(month)}/pdf`,
    null,
    ERROR.fileDownload,
  )
}

/**
 * The resident's months for the consumption panel: he is its only user, so the user the panel
 * asks for is always he.
 */
export const residentConsumptionSource = {
  read: residentConsumptionRead,
  download: (_partner: string, month: string) => downloadResidentConsumptionInformation(month),
}

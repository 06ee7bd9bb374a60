import { ERROR, type PropertyConsumption, type UserConsumption } from '@portal/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { downloadFile } from '../../../lib/api-client'
import { getRecord } from '../../../lib/queries'

const unitPath = (pointOfDelivery: string) =>
  `points-of-delivery/${encodeURIComponent(pointOfDelivery)}/monthly-consumption`

/** `?partner=`: the chosen user; none asks for the one the server shows first (today's). */
const userQuery = (partner: string | null) =>
  partner === null ? '' : `?partner=${encodeURIComponent(partner)}`

/**
 * Decision 033: one user's months of the unit's last twelve (§6a HeizkostenV) with his
 * comparisons; `partner` null for the current user.
 */
export function useUnitConsumption(pointOfDelivery: string, partner: string | null) {
  return useQuery({
    queryKey: ['unit-consumption', pointOfDelivery, partner],
    queryFn: () =>
      getRecord<UserConsumption>(
        `${unitPath(pointOfDelivery)}${userQuery(partner)}`,
        ERROR.unitDetails,
      ),
    // the user chooser stays on screen (and keeps the focus) while the next user's months load
    placeholderData: keepPreviousData,
  })
}

/** Decision 033: the property's units against its average per m² over the last twelve months. */
export function usePropertyConsumption(connection: string) {
  return useQuery({
    queryKey: ['property-consumption', connection],
    queryFn: () =>
      getRecord<PropertyConsumption>(
        `connections/${encodeURIComponent(connection)}/monthly-consumption`,
        ERROR.unitDetails,
      ),
  })
}

/** Saves the one-page PDF of a user's month ('YYYY-MM') that a property manager passes on. */
export function downloadConsumptionInformation(
  pointOfDelivery: string,
  partner: string,
  reference: string,
  month: string,
): Promise<void> {
  return downloadFile(
    `/api/persistence/${unitPath(pointOfDelivery)}/${month}/pdf${userQuery(partner)}`,
    `Verbrauchsinformation ${reference} ${month}.pdf`,
    ERROR.fileDownload,
  )
}

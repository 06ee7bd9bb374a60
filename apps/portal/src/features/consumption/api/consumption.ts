import { ERROR, PropertyConsumptionSchema, UnitConsumptionSchema } from '@portal/domain'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { downloadFile } from '../../../lib/api-client'
import { dataOf, readAnswer } from '../../../lib/api-query'

export const consumptionKeys = {
  unit: (pointOfDelivery: string, partner: string | null) =>
    ['unit-consumption', pointOfDelivery, partner] as const,
  property: (connection: string) => ['property-consumption', connection] as const,
}

const unitPath = (pointOfDelivery: string) =>
  `points-of-delivery/${encodeURIComponent(pointOfDelivery)}/monthly-consumption`

/** `?partner=`: the chosen user; none asks for the one the server shows first (today's). */
const userQuery = (partner: string | null) =>
  partner === null ? '' : `?partner=${encodeURIComponent(partner)}`

/**
 * Decision 033: one user's months of the unit's last twelve (§6a HeizkostenV) with his
 * comparisons; `partner` null for the current user.
 */
export const unitConsumptionQuery = (pointOfDelivery: string, partner: string | null) =>
  queryOptions({
    queryKey: consumptionKeys.unit(pointOfDelivery, partner),
    queryFn: (context) =>
      readAnswer(
        context,
        `/api/persistence/${unitPath(pointOfDelivery)}${userQuery(partner)}`,
        UnitConsumptionSchema,
        { errorCode: ERROR.unitDetails },
      ),
    select: dataOf,
    // the user chooser stays on screen (and keeps the focus) while the next user's months load
    placeholderData: keepPreviousData,
  })

export const useUnitConsumption = (pointOfDelivery: string, partner: string | null) =>
  useQuery(unitConsumptionQuery(pointOfDelivery, partner))

/** Decision 033: the property's units against its average per m² over the last twelve months. */
export const propertyConsumptionQuery = (connection: string) =>
  queryOptions({
    queryKey: consumptionKeys.property(connection),
    queryFn: (context) =>
      readAnswer(
        context,
        `/api/persistence/connections/${encodeURIComponent(connection)}/monthly-consumption`,
        PropertyConsumptionSchema,
        { errorCode: ERROR.unitDetails },
      ),
    select: dataOf,
  })

export const usePropertyConsumption = (connection: string) =>
  useQuery(propertyConsumptionQuery(connection))

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

import {
  ERROR,
  PropertyConsumptionSchema,
  UnitConsumptionSchema,
  type UserConsumption,
} from '@portal/domain'
import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query'
import { downloadFile } from '../../../lib/api-client'
import { dataOf, readAnswer, type Answer, type ReadContext } from '../../../lib/api-query'

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

/** The read of one user's months: its key in the query cache and its request. */
export type ConsumptionRead = {
  queryKey: QueryKey
  queryFn: (context: ReadContext) => Promise<Answer<UserConsumption>>
}

/**
 * Where the consumption panel reads a user's months and saves a month's PDF: the unit's routes
 * of a property manager, who chooses among the unit's users, or a resident's own (decision 065),
 * who is the only user he is shown.
 */
export type ConsumptionSource = {
  /** The months of the user `partner` (null: the one the server shows first, today's). */
  read: (partner: string | null) => ConsumptionRead
  /** Saves the one-page PDF of the user's month ('YYYY-MM'). */
  download: (partner: string, month: string) => Promise<void>
}

/**
 * Decision 033: one user's months of the unit's last twelve (§6a HeizkostenV) with his
 * comparisons; `partner` null for the current user.
 */
const unitConsumptionRead = (pointOfDelivery: string, partner: string | null) => ({
  queryKey: consumptionKeys.unit(pointOfDelivery, partner),
  queryFn: (context: ReadContext) =>
    readAnswer(
      context,
      `/api/persistence/${unitPath(pointOfDelivery)}${userQuery(partner)}`,
      UnitConsumptionSchema,
      { errorCode: ERROR.unitDetails },
    ),
})

/** The months of the source's chosen user, with the answer's data as the screens' data. */
export const consumptionQuery = (read: ConsumptionRead) =>
  queryOptions({
    ...read,
    select: dataOf,
    // the user chooser stays on screen (and keeps the focus) while the next user's months load
    placeholderData: keepPreviousData,
  })

export const useConsumption = (read: ConsumptionRead) => useQuery(consumptionQuery(read))

/** A property manager's source: the unit's users, the PDF of the user chosen. */
export const unitConsumptionSource = (
  pointOfDelivery: string,
  reference: string,
): ConsumptionSource => ({
  read: (partner) => unitConsumptionRead(pointOfDelivery, partner),
  download: (partner, month) =>
    downloadConsumptionInformation(pointOfDelivery, partner, reference, month),
})

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

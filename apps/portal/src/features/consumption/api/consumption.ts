import { ERROR, type PropertyConsumption, type UnitConsumption } from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { downloadFile } from '../../../lib/api-client'
import { getRecord } from '../../../lib/queries'

const unitPath = (pointOfDelivery: string) =>
  `points-of-delivery/${encodeURIComponent(pointOfDelivery)}/monthly-consumption`

/** Issue 16: the unit's last twelve months (§6a HeizkostenV) with their comparisons. */
export function useUnitConsumption(pointOfDelivery: string) {
  return useQuery({
    queryKey: ['unit-consumption', pointOfDelivery],
    queryFn: () => getRecord<UnitConsumption>(unitPath(pointOfDelivery), ERROR.unitDetails),
  })
}

/** Issue 16: the property's units against its average per m² over the last twelve months. */
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

/** Saves the one-page PDF of a month ('YYYY-MM') that a property manager passes to the tenant. */
export function downloadConsumptionInformation(
  pointOfDelivery: string,
  reference: string,
  month: string,
): Promise<void> {
  return downloadFile(
    `/api/persistence/${unitPath(pointOfDelivery)}/${month}/pdf`,
    `Verbrauchsinformation ${reference} ${month}.pdf`,
    ERROR.fileDownload,
  )
}

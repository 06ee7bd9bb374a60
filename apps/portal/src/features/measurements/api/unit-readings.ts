import { useQuery } from '@tanstack/react-query'
import {
  ERROR,
  selectReadingOrders,
  toIsoDate,
  type MeasurementRecord,
  type ReadingOrder,
} from '@portal/domain'
import { useLegacyQuery } from '../../../lib/legacy-query'
import { searchWhere } from '../../../lib/queries'

/** §3 measurements of the unit through the legacy endpoint (code MEASUREMENTS). */
export function useMeasurements(pointOfDelivery: string) {
  return useLegacyQuery<MeasurementRecord[]>(
    ['measurements', pointOfDelivery],
    { code: 'MEASUREMENTS', obj: 'VSTELLE', key: pointOfDelivery },
    ERROR.unitDetails,
  )
}

/** §5 reading orders: after 1 January three years ago, reasons AB, EB, NW, ZM, ZO (error 127). */
export function useReadingOrders(pointOfDelivery: string) {
  return useQuery({
    queryKey: ['reading-orders', pointOfDelivery],
    queryFn: async () =>
      selectReadingOrders(
        await searchWhere<ReadingOrder>(
          'reading-orders',
          'pointOfDelivery',
          pointOfDelivery,
          ERROR.readingOrders,
        ),
        toIsoDate(new Date()),
      ),
  })
}

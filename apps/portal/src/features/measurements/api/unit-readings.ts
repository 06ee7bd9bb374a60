import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  ERROR,
  MeasurementRecordSchema,
  ReadingOrderSchema,
  selectReadingOrders,
  toIsoDate,
  type ReadingOrder,
} from '@portal/domain'
import { eq, readLegacy, searchAnswer, type Answer } from '../../../lib/api-query'

export const readingKeys = {
  measurements: (pointOfDelivery: string) => ['measurements', pointOfDelivery] as const,
  orders: (pointOfDelivery: string) => ['reading-orders', pointOfDelivery] as const,
}

/** §3 measurements of the unit through the legacy endpoint (code MEASUREMENTS). */
export const measurementsQuery = (pointOfDelivery: string) =>
  queryOptions({
    queryKey: readingKeys.measurements(pointOfDelivery),
    queryFn: () =>
      readLegacy(
        { code: 'MEASUREMENTS', obj: 'VSTELLE', key: pointOfDelivery },
        MeasurementRecordSchema.array(),
        ERROR.unitDetails,
      ),
  })

export const useMeasurements = (pointOfDelivery: string) =>
  useQuery(measurementsQuery(pointOfDelivery))

/** §5: today's rule on the unit's reading orders. */
const currentReadingOrders = (answer: Answer<ReadingOrder[]>) =>
  selectReadingOrders(answer.data, toIsoDate(new Date()))

/** §5 reading orders: after 1 January three years ago, reasons AB, EB, NW, ZM, ZO (error 127). */
export const readingOrdersQuery = (pointOfDelivery: string) =>
  queryOptions({
    queryKey: readingKeys.orders(pointOfDelivery),
    queryFn: (context) =>
      searchAnswer(
        context,
        'reading-orders',
        [eq('pointOfDelivery', pointOfDelivery)],
        ReadingOrderSchema,
        ERROR.readingOrders,
      ),
    select: currentReadingOrders,
  })

export const useReadingOrders = (pointOfDelivery: string) =>
  useQuery(readingOrdersQuery(pointOfDelivery))

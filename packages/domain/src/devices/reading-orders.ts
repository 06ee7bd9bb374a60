import { READING_REASONS, type ReadingReason } from '../codes/device'
import { addYears, startOfYear, toCalendarDate, toCalendarDateOrThrow } from '../format/date'

export interface ReadingOrderLike {
  readingDate?: string | null
  readingOrderReadingReason?: readonly { readingReason?: string | null }[] | null
}

/** §9: reading orders go back to 1 January three years ago. */
export const READING_ORDER_LOOKBACK_YEARS = 3

function isReadingReason(code: string | null | undefined): code is ReadingReason {
  return typeof code === 'string' && Object.hasOwn(READING_REASONS, code)
}

/** §3: the derived readingReason: the first of the order's reasons that §5 considers. */
export function readingReasonOf(order: ReadingOrderLike): ReadingReason | undefined {
  return order.readingOrderReadingReason?.map((entry) => entry.readingReason).find(isReadingReason)
}

/**
 * §5: reading orders are kept if their readingDate is after 1 January three years ago and they
 * have a considered reason (AB, EB, NW, ZM, ZO); each comes back with its derived readingReason.
 */
export function selectReadingOrders<T extends ReadingOrderLike>(
  orders: readonly T[],
  today: string,
): (T & { readingReason: ReadingReason })[] {
  const cutoff = startOfYear(addYears(toCalendarDateOrThrow(today), -READING_ORDER_LOOKBACK_YEARS))
  return orders.flatMap((order) => {
    const readingDate = toCalendarDate(order.readingDate)
    const readingReason = readingReasonOf(order)
    return readingDate !== null && readingDate > cutoff && readingReason !== undefined
      ? [{ ...order, readingReason }]
      : []
  })
}

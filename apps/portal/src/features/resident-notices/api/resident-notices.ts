/**
 * Decision 066: the proof of delivery of a property's monthly notices, and the month's letters for
 * the users without an e-mail notice. A user who may not see the property: 404.
 */
import { ERROR, ResidentNoticesSchema } from '@portal/domain'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { downloadFile } from '../../../lib/api-client'
import { dataOf, readAnswer } from '../../../lib/api-query'

export const residentNoticeKeys = {
  /** Every month of the property: what a letters download may have changed. */
  property: (connection: string) => ['resident-notices', connection] as const,
  month: (connection: string, month: string | null) =>
    [...residentNoticeKeys.property(connection), month] as const,
}

const propertyPath = (connection: string) =>
  `/api/persistence/connections/${encodeURIComponent(connection)}`

/** The notices of `month` ('YYYY-MM'); null: the server's default, the last complete month. */
export const residentNoticesQuery = (connection: string, month: string | null) =>
  queryOptions({
    queryKey: residentNoticeKeys.month(connection, month),
    queryFn: (context) =>
      readAnswer(
        context,
        `${propertyPath(connection)}/resident-notices${month === null ? '' : `?month=${month}`}`,
        ResidentNoticesSchema,
        // §8 has no code for the notices; they are the property's units' monthly information
        { errorCode: ERROR.unitDetails },
      ),
    select: dataOf,
    // the month select stays on screen (and keeps the focus) while the next month loads
    placeholderData: keepPreviousData,
  })

export const useResidentNotices = (connection: string, month: string | null) =>
  useQuery(residentNoticesQuery(connection, month))

/** Saves the letters of `month` under the name the server gives; 404 when there are none. */
export const downloadNoticeLetters = (connection: string, month: string) =>
  downloadFile(
    `${propertyPath(connection)}/notice-letters/${encodeURIComponent(month)}`,
    null,
    ERROR.fileDownload,
  )

/**
 * The download as the panel's button shows it. The first download records the letters as produced,
 * so the list is read again afterwards, failed or not (a failure may have come after the record).
 */
export function useDownloadNoticeLetters(connection: string) {
  const client = useQueryClient()
  return useMutation<void, Error, string>({
    mutationFn: (month) => downloadNoticeLetters(connection, month),
    onSettled: () =>
      client.invalidateQueries({ queryKey: residentNoticeKeys.property(connection) }),
  })
}

import {
  ERROR,
  ResidentTenancySchema,
  type NoticeChannel,
  type ResidentTenancy,
} from '@portal/domain'
import { useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { parseAnswer, type Answer } from '../../../lib/api-query'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import { residentKeys } from './tenancy'

/** The answer of the change, as the server declares it. */
const NoticeChannelAnswerSchema = ResidentTenancySchema.pick({ noticeChannel: true })

/**
 * How the resident is told of a new month (decision 065): by an e-mail notice or by letter. 400
 * `MAIL_NEEDED` (field `noticeChannel`) for the e-mail without an address. The tenancy the page
 * shows takes the saved choice.
 */
export function useSaveNoticeChannel() {
  const client = useQueryClient()
  return useIdempotentMutation<NoticeChannel, NoticeChannel>({
    mutationFn: (noticeChannel, idempotencyKey) =>
      apiRequest<unknown>('/api/residents/notice-channel', {
        method: 'PUT',
        body: { noticeChannel },
        errorCode: ERROR.contracts,
        idempotencyKey,
      }).then(
        (answer) => parseAnswer(NoticeChannelAnswerSchema, answer, ERROR.contracts).noticeChannel,
      ),
    // the server's ETag of the changed tenancy is not known: the next read asks unconditionally
    onSuccess: (noticeChannel) =>
      client.setQueryData<Answer<ResidentTenancy>>(residentKeys.tenancy, (kept) =>
        kept ? { data: { ...kept.data, noticeChannel }, etag: null } : kept,
      ),
  })
}

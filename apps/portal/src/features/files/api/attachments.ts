import { AttachmentSchema, ERROR, type Attachment } from '@portal/domain'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest, uploadRequest } from '../../../lib/api-client'
import { dataOf, eq, parseAnswer, searchAnswer, type Answer } from '../../../lib/api-query'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import { getUser } from '../../../lib/session'

export const fileKeys = {
  mine: (distribution: string) => ['attachments', distribution, getUser()?.userName ?? ''] as const,
}

/** The cost documents of a distribution that the signed-in user uploaded ("my files"). */
export const myFilesQuery = (distribution: string) =>
  queryOptions({
    queryKey: fileKeys.mine(distribution),
    queryFn: (context) =>
      searchAnswer(
        context,
        'attachments',
        [
          eq('objectType', 'KOSTENBELEG'),
          eq('objectKey', distribution),
          eq('uploadedBy', getUser()?.userName ?? ''),
        ],
        AttachmentSchema,
        ERROR.attachmentSearch,
      ),
    select: dataOf,
  })

export const useMyFiles = (distribution: string) => useQuery(myFilesQuery(distribution))

/**
 * The list as the user's change left it. The server's ETag of the changed list is not known, so
 * none is kept: the next read asks without one.
 */
const changedList =
  (change: (list: Attachment[]) => Attachment[]) =>
  (answer: Answer<Attachment[]> | undefined): Answer<Attachment[]> => ({
    data: change(answer?.data ?? []),
    etag: null,
  })

/** §4: a new attachment goes first in the list, a deleted one is removed by id. */
export function useUploadFile(distribution: string) {
  const client = useQueryClient()
  return useIdempotentMutation({
    mutationFn: (
      {
        file,
        note,
        onProgress,
      }: {
        file: File
        note: string
        onProgress: (f: number) => void
      },
      idempotencyKey,
    ) => {
      const form = new FormData()
      form.append('objectType', 'KOSTENBELEG')
      form.append('objectKey', distribution)
      if (note.trim()) form.append('note', note.trim())
      form.append('file', file)
      return uploadRequest<unknown>('/api/processes/system/file-upload', form, {
        errorCode: ERROR.upload,
        onProgress,
        idempotencyKey,
      }).then((answer) => parseAnswer(AttachmentSchema, answer, ERROR.upload))
    },
    // a repeated request answers the same attachment: it is listed once
    onSuccess: (attachment) =>
      client.setQueryData(
        myFilesQuery(distribution).queryKey,
        changedList((list) => [
          attachment,
          ...list.filter((a) => a.attachment !== attachment.attachment),
        ]),
      ),
  })
}

export function useDeleteFile(distribution: string) {
  const client = useQueryClient()
  return useIdempotentMutation({
    mutationFn: (id: string, idempotencyKey) =>
      apiRequest<void>(`/api/persistence/attachments/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        errorCode: ERROR.delete,
        idempotencyKey,
      }),
    onSuccess: (_, id) =>
      client.setQueryData(
        myFilesQuery(distribution).queryKey,
        changedList((list) => list.filter((a) => a.attachment !== id)),
      ),
  })
}

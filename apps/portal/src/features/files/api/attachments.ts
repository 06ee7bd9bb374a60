import { ERROR, type Attachment } from '@portal/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest, uploadRequest } from '../../../lib/api-client'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import { eq, searchAll } from '../../../lib/queries'
import { getUser } from '../../../lib/session'

/** The cost documents of a distribution that the signed-in user uploaded ("my files"). */
export function useMyFiles(distribution: string) {
  const userName = getUser()?.userName ?? ''
  return useQuery({
    queryKey: ['attachments', distribution, userName],
    queryFn: () =>
      searchAll<Attachment>(
        'attachments',
        [
          eq('objectType', 'KOSTENBELEG'),
          eq('objectKey', distribution),
          eq('uploadedBy', userName),
        ],
        ERROR.attachmentSearch,
      ),
  })
}

/** §4: a new attachment goes first in the list, a deleted one is removed by id. */
export function useUploadFile(distribution: string) {
  const client = useQueryClient()
  const key = ['attachments', distribution, getUser()?.userName ?? '']
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
      return uploadRequest<Attachment>('/api/processes/system/file-upload', form, {
        errorCode: ERROR.upload,
        onProgress,
        idempotencyKey,
      })
    },
    // a repeated request answers the same attachment: it is listed once
    onSuccess: (attachment) =>
      client.setQueryData<Attachment[]>(key, (list) => [
        attachment,
        ...(list ?? []).filter((a) => a.attachment !== attachment.attachment),
      ]),
  })
}

export function useDeleteFile(distribution: string) {
  const client = useQueryClient()
  const key = ['attachments', distribution, getUser()?.userName ?? '']
  return useIdempotentMutation({
    mutationFn: (id: string, idempotencyKey) =>
      apiRequest<void>(`/api/persistence/attachments/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        errorCode: ERROR.delete,
        idempotencyKey,
      }),
    onSuccess: (_, id) =>
      client.setQueryData<Attachment[]>(key, (list) =>
        (list ?? []).filter((a) => a.attachment !== id),
      ),
  })
}

/**
 * Decision 063: a bved users' file (DTM) previewed and taken over for a property: each new user a
 * tenant change report. Taking it over reports tenant changes: its failures carry code 100, the
 * form's.
 */
import { BvedUserPreviewSchema, ERROR, type BvedUserPreview } from '@portal/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { uploadRequest } from '../../../lib/api-client'
import { parseAnswer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

/** The server refuses larger files (413); the dialog says so before sending. */
export const BVED_USERS_FILE_MAX_BYTES = 2 * 1024 * 1024

const path = (connection: string) =>
  `/api/persistence/connections/${encodeURIComponent(connection)}/bved-users`

function send(
  connection: string,
  file: File,
  options: { dryRun: boolean; idempotencyKey?: string },
) {
  const form = new FormData()
  form.append('file', file)
  return uploadRequest<unknown>(
    `${path(connection)}${options.dryRun ? '?dryRun=true' : ''}`,
    form,
    {
      errorCode: ERROR.activityAdd,
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    },
  ).then((answer) => parseAnswer(BvedUserPreviewSchema, answer, ERROR.activityAdd))
}

/** The preview: what each M record of the file comes to, and its errors; writes nothing. */
export const useBvedUserPreview = (connection: string) =>
  useMutation<BvedUserPreview, Error, File>({
    mutationFn: (file) => send(connection, file, { dryRun: true }),
  })

/** Reports every tenant change of the file, or none (422); once per file and property. */
export function useTakeOverBvedUsers(connection: string) {
  const client = useQueryClient()
  return useIdempotentMutation({
    mutationFn: (file: File, idempotencyKey) =>
      send(connection, file, { dryRun: false, idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: dataKeys.notifications }),
  })
}

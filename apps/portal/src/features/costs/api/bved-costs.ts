/**
 * Decision 061: a bved cost file (DTK) previewed and taken over into a distribution, and its lines
 * downloaded as one. Taking the lines over adds cost lines: its failures carry code 117.
 */
import { BvedCostPreviewSchema, ERROR, type BvedCostPreview } from '@portal/domain'
import { useMutation } from '@tanstack/react-query'
import { uploadRequest } from '../../../lib/api-client'
import { parseAnswer } from '../../../lib/api-query'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import { useRefresh } from './operating-costs'

/** The server refuses larger files (413); the dialog says so before sending. */
export const BVED_FILE_MAX_BYTES = 2 * 1024 * 1024

const path = (id: string) => `/api/persistence/operating-costs/${encodeURIComponent(id)}/bved-costs`

function send(id: string, file: File, options: { dryRun: boolean; idempotencyKey?: string }) {
  const form = new FormData()
  form.append('file', file)
  return uploadRequest<unknown>(`${path(id)}${options.dryRun ? '?dryRun=true' : ''}`, form, {
    errorCode: ERROR.expenseAdd,
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  }).then((answer) => parseAnswer(BvedCostPreviewSchema, answer, ERROR.expenseAdd))
}

/** The preview: what each record of the file becomes, and its errors; writes nothing. */
export const useBvedCostPreview = (id: string) =>
  useMutation<BvedCostPreview, Error, File>({
    mutationFn: (file) => send(id, file, { dryRun: true }),
  })

/** Takes every line of the file over, or none (422); once per file. */
export function useTakeOverBvedCosts(id: string) {
  const refresh = useRefresh(id)
  return useIdempotentMutation({
    mutationFn: (file: File, idempotencyKey) => send(id, file, { dryRun: false, idempotencyKey }),
    onSettled: refresh,
  })
}

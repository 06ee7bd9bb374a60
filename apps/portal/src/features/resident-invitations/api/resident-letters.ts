/**
 * Decision 065: the letters of an invitation batch as one PDF, a page with the registration code
 * per resident without an e-mail address, each followed by his latest monthly information; 404 when
 * the batch has no open letters (all used, replaced or expired).
 */
import { ERROR } from '@portal/domain'
import { useMutation } from '@tanstack/react-query'
import { downloadFile } from '../../../lib/api-client'

const path = (connection: string, batch: string) =>
  `/api/persistence/connections/${encodeURIComponent(connection)}/resident-letters/${encodeURIComponent(batch)}`

/** Saves the batch's letters under the name the server gives. */
export const downloadResidentLetters = (connection: string, batch: string) =>
  downloadFile(path(connection, batch), null, ERROR.fileDownload)

/** The download as the dialog's button shows it: pending, then done or failed. */
export const useDownloadResidentLetters = (connection: string) =>
  useMutation<void, Error, string>({
    mutationFn: (batch) => downloadResidentLetters(connection, batch),
  })

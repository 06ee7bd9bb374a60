import { ERROR, toIsoDate } from '@portal/domain'
import { downloadFile } from '../../../lib/api-client'

/**
 * "Meine Daten herunterladen" (DSGVO Art. 15 and 20): the server builds the ZIP of the signed-in
 * person's profile, actions, reports and uploads; the browser saves it.
 */
export function downloadPersonalData(userName: string): Promise<void> {
  const day = toIsoDate(new Date())
  return downloadFile(
    '/api/persistence/personal-data',
    `Meine Daten ${userName} ${day}.zip`,
    ERROR.fileDownload,
  )
}

import { ERROR } from '@portal/domain'
import { downloadFile } from '../../../lib/api-client'

/**
 * Saves the distribution's lines as a bved cost file (decision 061), under the standard's name the
 * server gives. Apart from the take-over's module: the page's button needs none of its schemas.
 */
export const downloadBvedCosts = (id: string) =>
  downloadFile(
    `/api/persistence/operating-costs/${encodeURIComponent(id)}/bved-costs`,
    null,
    ERROR.fileDownload,
  )

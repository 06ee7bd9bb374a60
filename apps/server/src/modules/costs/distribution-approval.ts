import type { DistributionApprovalRequest } from '@portal/domain'
import { conflict, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import { distributionSnapshot, withSnapshot } from './approval-snapshot'
import type { Database } from '../../platform/persistence/database'
import { DISTRIBUTION_ENTITY, findVisibleDistribution } from './repositories/operating-costs'
import type { SessionUser } from '../../platform/persistence/scope'
import { changeDistributionStatus, DISTRIBUTION_NOT_FOUND_MESSAGE } from './distribution-status'
import { declineReason, recordDecline } from './decline'

export const DECLINE_ACTION = 'DISTRIBUTION_DECLINED'
export const APPROVED_MESSAGE = 'Die Kostenverteilung wurde genehmigt.'
export const DECLINED_MESSAGE =
  'Ihre Ablehnung wurde mit Ihrer Begründung gespeichert. Bitte wenden Sie sich an unseren Kundenservice, damit wir die Abrechnung gemeinsam mit Ihnen klären können.'

/**
 * §4: a released distribution (F) is approved (G) or declined with a reason (stays F; an activity
 * ABLEHNUNG carries the reason for internal processing). From any other status 409.
 */
export async function decideDistribution(
  db: Database,
  user: SessionUser,
  request: DistributionApprovalRequest,
): Promise<string> {
  const reason = declineReason(request)
  return db.transaction(async (tx) => {
    const row = await findVisibleDistribution(tx, user, request.operatingCostsDistribution, {
      forUpdate: true,
    })
    if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
    if (request.approved) {
      await changeDistributionStatus(tx, row, 'G', user.userName)
      return APPROVED_MESSAGE
    }
    if (row.operatingCostsDistributionStatus !== 'F') {
      throw conflict(
        'Nur eine freigegebene Kostenverteilung kann abgelehnt werden.',
        'INVALID_STATUS_TRANSITION',
      )
    }
    const activity = await recordDecline(
      tx,
      user,
      {
        companyCode: row.companyCode,
        propertyConnection: row.propertyConnection,
        objectType: 'KOSTENVERTEILUNG',
        objectKey: row.operatingCostsDistribution,
      },
      { operatingCostsDistribution: row.operatingCostsDistribution, approved: false, reason },
    )
    await writeAudit(tx, {
      userName: user.userName,
      companyCode: row.companyCode,
      action: DECLINE_ACTION,
      entity: DISTRIBUTION_ENTITY,
      entityKey: row.operatingCostsDistribution,
      before: { operatingCostsDistributionStatus: 'F' },
      after: {
        operatingCostsDistributionStatus: 'F',
        reason,
        activity,
        ...withSnapshot(await distributionSnapshot(tx, row, 'declined', reason)),
      },
    })
    return DECLINED_MESSAGE
  })
}

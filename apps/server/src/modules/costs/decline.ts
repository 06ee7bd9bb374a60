/**
 * §4: what declining a distribution and declining an invoice share: a decline needs a reason, and
 * an activity ABLEHNUNG on the declined object carries it for internal processing.
 */
import { DECLINE_REASON_REQUIRED_MESSAGE } from '@portal/domain'
import { badRequest } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { activities } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { DECLINE_ACTIVITY } from './repositories/operating-costs'

/** The request's reason, trimmed; 400 REASON_REQUIRED for a decline without one. */
export function declineReason(request: { approved: boolean; reason?: string | undefined }): string {
  const reason = request.reason?.trim() ?? ''
  if (!request.approved && reason === '') {
    throw badRequest(DECLINE_REASON_REQUIRED_MESSAGE, 'REASON_REQUIRED', 'reason')
  }
  return reason
}

/** Writes the activity ABLEHNUNG on the declined object, the decline in its payload; answers its id. */
export async function recordDecline(
  tx: Executor,
  user: SessionUser,
  declined: {
    companyCode: string
    propertyConnection: string
    objectType: string
    objectKey: string
  },
  payload: Record<string, unknown>,
): Promise<string> {
  const [activity] = await tx
    .insert(activities)
    .values({ ...declined, activityType: DECLINE_ACTIVITY, payload, createdBy: user.userName })
    .returning({ id: activities.id })
  return activity!.id
}

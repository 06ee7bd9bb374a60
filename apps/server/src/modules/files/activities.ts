/**
 * §3, §7 "Files and activities": a tenant change (activity MIETERWECHSEL on a point of delivery),
 * with an optional attachment and its interim reading order (decision 069), stored in one
 * transaction with their audit entries.
 */
import {
  TENANT_CHANGE_SUCCESS_MESSAGE,
  type ActivityCreated,
  type ActivityInput,
} from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { UploadedFile } from '../../platform/files/multipart'
import { notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import { ACTIVITY_ENTITY } from '../../platform/persistence/files'
import { activities, pointsOfDelivery } from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'
import { inTransaction } from '../../platform/persistence/transaction'
import { createTenantChangeOrder } from '../care/index'
import { insertAttachment } from './files'

export const ACTIVITY_CREATED = 'ACTIVITY_CREATED'
export const POINT_OF_DELIVERY_NOT_FOUND_MESSAGE = 'Die Verbrauchsstelle wurde nicht gefunden.'

/**
 * Stores a tenant change: from the form (`POST activities`), or from a bved users' file (decision
 * 063, in the transaction of the whole file, without an attachment).
 */
export async function createActivity(
  db: Executor,
  user: SessionUser,
  input: ActivityInput,
  file: UploadedFile | null,
): Promise<ActivityCreated> {
  return inTransaction(db, async (tx) => {
    const [target] = await tx
      .select({
        pointOfDelivery: pointsOfDelivery.pointOfDelivery,
        companyCode: pointsOfDelivery.companyCode,
        propertyConnection: pointsOfDelivery.propertyConnection,
      })
      .from(pointsOfDelivery)
      .where(
        and(
          eq(pointsOfDelivery.pointOfDelivery, input.objectKey),
          visibleThroughProperty(user, pointsOfDelivery),
        ),
      )
    if (!target) throw notFound(POINT_OF_DELIVERY_NOT_FOUND_MESSAGE)
    const attachment = file
      ? await insertAttachment(tx, user, target, {
          objectType: input.activityType,
          objectKey: target.pointOfDelivery,
          note: null,
          file,
        })
      : null
    const [row] = await tx
      .insert(activities)
      .values({
        companyCode: target.companyCode,
        propertyConnection: target.propertyConnection,
        activityType: input.activityType,
        objectType: input.objectType,
        objectKey: target.pointOfDelivery,
        payload: input.payload,
        attachment: attachment?.attachment ?? null,
        createdBy: user.userName,
      })
      .returning()
    await writeAudit(tx, {
      userName: user.userName,
      companyCode: target.companyCode,
      action: ACTIVITY_CREATED,
      entity: ACTIVITY_ENTITY,
      entityKey: row!.id,
      after: {
        activityType: row!.activityType,
        objectType: row!.objectType,
        objectKey: row!.objectKey,
        payload: row!.payload,
        attachment: row!.attachment,
      },
    })
    // decision 069: the report orders its interim reading itself, for the move-out day
    await createTenantChangeOrder(tx, user, target, row!.id, input.payload.AUSZUG)
    return {
      id: row!.id,
      activityType: row!.activityType,
      objectType: row!.objectType,
      objectKey: row!.objectKey,
      status: row!.status,
      createdAt: new Date(row!.createdAt).toISOString(),
      successMessage: TENANT_CHANGE_SUCCESS_MESSAGE,
    }
  })
}

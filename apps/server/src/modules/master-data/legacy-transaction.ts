/**
 * §7 "Legacy transaction endpoint": one call with action, code, obj, key and the token in the body.
 * The token is checked like a bearer token; every answer to a valid one carries a fresh token.
 */
import type { LegacyAnswer, LegacyRequest } from '@portal/domain'
import { SECOND_FACTOR_SETUP_REQUIRED_MESSAGE } from '../../platform/auth/second-factor-policy'
import { checkToken, SESSION_EXPIRED_MESSAGE } from '../../platform/auth/session-user'
import { issueToken } from '../../platform/auth/tokens'
import type { Executor } from '../../platform/persistence/database'
import { attributeRecords, measurementRecords } from './repositories/legacy-records'
import {
  CONNECTION_OBJECT,
  POINT_OF_DELIVERY_OBJECT,
  isVisibleObject,
} from './repositories/points-of-delivery'

export const LEGACY_ACTION = 'trans'
export const LEGACY_NOT_FOUND_MESSAGE = 'Das Objekt wurde nicht gefunden.'

export interface LegacyContext {
  db: Executor
  jwtSecret: Uint8Array
  /** The customer requires a second factor (decision 035): a user without one gets no data here. */
  requireSecondFactor: boolean
}

const expired: LegacyAnswer = {
  success: false,
  data: null,
  message: SESSION_EXPIRED_MESSAGE,
  token: null,
}

export async function legacyTransaction(
  { db, jwtSecret, requireSecondFactor }: LegacyContext,
  request: LegacyRequest,
): Promise<LegacyAnswer> {
  if (!request.token) return expired
  const checked = await checkToken(db, jwtSecret, request.token)
  if (!checked.user) return { ...expired, message: checked.refusal }
  if (!checked.secondFactor && requireSecondFactor) {
    return { ...expired, message: SECOND_FACTOR_SETUP_REQUIRED_MESSAGE }
  }
  const user = checked.user
  // decision 065: the legacy endpoint is the managers' and owners'; a resident finds nothing here
  if (user.residentContract)
    return { success: false, data: null, message: LEGACY_NOT_FOUND_MESSAGE, token: null }
  // the fresh token stays in the session, so that its logout ends it too (decision 022)
  const token = await issueToken(jwtSecret, { ...user, sessionId: checked.sessionId })
  const fail = (message: string): LegacyAnswer => ({ success: false, data: null, message, token })
  const answer = (data: unknown): LegacyAnswer => ({ success: true, data, message: '', token })

  if (request.action !== LEGACY_ACTION) {
    return fail(`Die Aktion '${request.action}' wird nicht unterstützt.`)
  }
  const key = request.key ?? ''
  switch (request.code) {
    case 'ATTRIBUTES': {
      const obj = request.obj ?? ''
      if (obj !== CONNECTION_OBJECT && obj !== POINT_OF_DELIVERY_OBJECT) {
        return fail(LEGACY_NOT_FOUND_MESSAGE)
      }
      if (!key || !(await isVisibleObject(db, user, obj, key)))
        return fail(LEGACY_NOT_FOUND_MESSAGE)
      return answer(await attributeRecords(db, user, obj, key))
    }
    case 'MEASUREMENTS': {
      if (request.obj !== POINT_OF_DELIVERY_OBJECT) return fail(LEGACY_NOT_FOUND_MESSAGE)
      if (!key || !(await isVisibleObject(db, user, POINT_OF_DELIVERY_OBJECT, key))) {
        return fail(LEGACY_NOT_FOUND_MESSAGE)
      }
      return answer(await measurementRecords(db, user, key))
    }
    default:
      return fail(`Der Vorgang '${request.code}' ist unbekannt.`)
  }
}

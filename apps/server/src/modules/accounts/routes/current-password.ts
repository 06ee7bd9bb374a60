/**
 * Decision 040: a token alone changes nothing of a user's access. A step that grants or removes
 * access (the second factor, recovery codes, a consumption-data credential) takes the current
 * password; a wrong password (or code) counts toward the sign-in throttle of the user's name, so
 * that a taken-over session can guess neither.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { PostgresLoginThrottle } from '../../../platform/auth/login-throttle'
import { HttpError, tooManyRequests } from '../../../platform/http-errors'
import { CURRENT_PASSWORD_WRONG, verifyCurrentPassword } from '../password-change'

/** The current password, asked again for a change of the user's access. */
export const currentPassword = z
  .string({ error: 'Bitte geben Sie Ihr aktuelles Passwort ein.' })
  .min(1, { error: 'Bitte geben Sie Ihr aktuelles Passwort ein.' })
  .max(200, { error: 'Das aktuelle Passwort ist nicht korrekt.' })
  .meta({ description: 'Das aktuelle Passwort des Benutzers (wird nicht gespeichert).' })

/** Never part of a stored request fingerprint. */
export const SECRET_FIELDS = ['currentPassword'] as const

/** A failure that counts toward the sign-in throttle of the user's name. */
const COUNTED_FAILURES = new Set(['SECOND_FACTOR_INVALID', CURRENT_PASSWORD_WRONG])

/** `withPassword` for the routes of one plugin, with its own throttle. */
export function passwordGuard(app: FastifyInstance) {
  const throttle = new PostgresLoginThrottle(app.db)
  /**
   * Runs a step that takes a code under the throttle of the user's name: 429 beyond ten failures
   * a minute; a wrong code counts as a failure. Reserved before the step's transaction (PGlite runs
   * one transaction at a time).
   */
  async function throttled<T>(userName: string, step: () => Promise<T>): Promise<T> {
    const attempt = await throttle.reserve([`user:${userName.toLowerCase()}`])
    if (!attempt) throw tooManyRequests()
    try {
      const result = await step()
      await attempt.release()
      return result
    } catch (error) {
      if (error instanceof HttpError && COUNTED_FAILURES.has(error.code)) {
        await attempt.countAsFailure()
      } else {
        await attempt.release()
      }
      throw error
    }
  }

  /** The step under the throttle, after the user's current password was checked. */
  const withPassword = <T>(request: FastifyRequest, step: () => Promise<T>) =>
    throttled(request.user.userName, async () => {
      const { currentPassword } = request.body as { currentPassword: string }
      await verifyCurrentPassword(app.db, request.user.userName, currentPassword)
      return step()
    })

  return { withPassword }
}

import { SuccessMessageSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AfterAnswerQueue } from '../../../platform/after-answer'
import { changePassword } from '../password-change'
import {
  confirmPasswordReset,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
} from '../password-reset'

const password = z.string().max(200)
/** Public password-reset calls: five a minute per client address. */
const resetRateLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } }

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  // reset links are stored and mailed after the answer (decision 002); closing waits a while for them
  const later = new AfterAnswerQueue(app.log)
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))
    await Promise.race([later.idle(), patience])
    clearTimeout(timer)
  })

  app.post(
    '/api/processes/system/password-change',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Passwort ändern',
        description:
          'Passwort ändern (§5: mindestens 8 Zeichen, 1 Großbuchstabe, 2 Ziffern, 1 Sonderzeichen). Frühere Token werden ungültig; die Antwort enthält ein neues.',
        tags: ['account'],
        body: z.strictObject({
          currentPassword: password,
          newPassword: password,
          newPasswordRepeat: password,
        }),
        response: { 200: SuccessMessageSchema.extend({ token: z.string() }) },
      },
    },
    async (request) => {
      const token = await changePassword(app.db, app.config.jwtSecret, request.user, request.body)
      return { successMessage: 'Ihr Passwort wurde geändert.', token }
    },
  )

  app.post(
    '/api/processes/customer-portal/password-reset',
    {
      config: { public: true, ...resetRateLimit },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Zurücksetzen des Passworts anfordern',
        errors: [429],
        description:
          'Passwort vergessen: sendet bei passenden Angaben einen Link (30 Minuten gültig). Die Antwort ist immer dieselbe.',
        tags: ['account'],
        body: z.strictObject({
          businessPartner: z.string().min(1).max(40),
          mail: z.string().min(3).max(200),
        }),
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(app.db, later, app.mailer, app.config.publicUrl, request.body)
      return { successMessage: PASSWORD_RESET_REQUESTED_MESSAGE }
    },
  )

  app.post(
    '/api/processes/customer-portal/password-reset/confirm',
    {
      config: { public: true, ...resetRateLimit },
      schema: {
        operationId: 'confirmPasswordReset',
        summary: 'Neues Passwort über den Link setzen',
        errors: [429],
        description:
          'Neues Passwort über den Link aus der E-Mail setzen: Zurücksetzen (30 Minuten gültig) oder Einladung (7 Tage gültig).',
        tags: ['account'],
        body: z.strictObject({
          token: z.string().min(1).max(200),
          newPassword: password,
          newPasswordRepeat: password,
        }),
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request) => ({
      successMessage: await confirmPasswordReset(app.db, app.config.jwtSecret, request.body),
    }),
  )
}

export default passwordRoutes

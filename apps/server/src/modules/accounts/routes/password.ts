import { SuccessMessageSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AfterAnswerQueue } from '../../../platform/after-answer'
import { changePassword } from '../password-change'
import {
  checkInvitation,
  confirmPasswordReset,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
} from '../password-reset'

const password = z.string().max(200)
/**
 * Public password-reset calls: five a minute per client address. Every route counts its own
 * window (the store's `child` is per route): requesting a reset, setting the password through a
 * reset link and accepting an invitation do not hold each other back (decision 040).
 */
const resetRateLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } }
/** Accepting an invitation: five a minute per client address, apart from the reset. */
const invitationRateLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } }
/** Checking an invitation link as its page opens: a reload or two more than the acceptance. */
const invitationCheckRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } }
const TokenSchema = z.string().min(1).max(200)
/** A new password chosen through a mailed link: a reset link or an invitation. */
const LinkPasswordSchema = z.strictObject({
  token: TokenSchema,
  newPassword: password,
  newPasswordRepeat: password,
})

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
      config: { residents: true },
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
          'Neues Passwort über einen Link zum Zurücksetzen aus der E-Mail setzen (30 Minuten gültig, einmal nutzbar). Alle anderen offenen Links des Benutzers werden ungültig. Einladungen nimmt `acceptInvitation` an.',
        tags: ['account'],
        body: LinkPasswordSchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request) => ({
      successMessage: await confirmPasswordReset(
        app.db,
        app.config.jwtSecret,
        request.body,
        'reset',
      ),
    }),
  )

  app.post(
    '/api/processes/customer-portal/invitation/check',
    {
      config: { public: true, ...invitationCheckRateLimit },
      schema: {
        operationId: 'checkInvitation',
        summary: 'Einladungslink prüfen',
        errors: [410, 429],
        description:
          'Prüft den Link einer Einladung, bevor das Portal das Formular zeigt: 204, wenn er nutzbar ist; 410 INVITATION_USED, wenn das Passwort schon vergeben ist, 410 INVITATION_EXPIRED, wenn er abgelaufen oder ersetzt ist; 400 INVITATION_INVALID sonst. Die Antwort sagt nichts über andere Benutzer.',
        tags: ['account'],
        body: z.strictObject({ token: TokenSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await checkInvitation(app.db, request.body.token)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/processes/customer-portal/invitation/accept',
    {
      config: { public: true, ...invitationRateLimit },
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Einladung annehmen: Passwort vergeben',
        errors: [410, 429],
        description:
          'Vergibt das Passwort über den Link einer Einladung (7 Tage gültig, einmal nutzbar). 410 INVITATION_USED oder INVITATION_EXPIRED wie bei `checkInvitation`. Fünf Aufrufe je Minute und Adresse, unabhängig vom Zurücksetzen des Passworts.',
        tags: ['account'],
        body: LinkPasswordSchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request) => ({
      successMessage: await confirmPasswordReset(
        app.db,
        app.config.jwtSecret,
        request.body,
        'invitation',
      ),
    }),
  )
}

export default passwordRoutes

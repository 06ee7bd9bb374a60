/**
 * Decision 065: residents register with a code, see their tenancy and their own monthly
 * information; managers invite the residents of a property and print the letters.
 */
import {
  BillingInformationSchema,
  NoticeChannelSchema,
  ResidentBillingPeriodsSchema,
  ResidentInvitationsSchema,
  ResidentNoticesSchema,
  ResidentRegistrationSchema,
  ResidentTenancySchema,
  SuccessMessageSchema,
  UnitConsumptionSchema,
  lastCompleteMonth,
  toIsoDate,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { contentDisposition } from '../../../platform/files/file-name'
import { badRequest, notFound } from '../../../platform/http-errors'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { writeAudit } from '../../../platform/persistence/audit'
import { users } from '../../../platform/persistence/schema'
import { assertVisibleProperty } from '../../../platform/persistence/visible-property'
import { consumptionInformationPdf, MONTH_NOT_AVAILABLE } from '../../consumption/index'
import { batchChannels, createInvitations, mailInvitations } from '../invitations'
import { deliveryList } from '../delivery'
import { noticeLetters, residentLetters } from '../letters'
import { markNoticesOpened } from '../notices'
import { RESIDENT_ACTIONS, registerResident } from '../registration'
import { residentConsumption } from '../resident-consumption'
import { residentBillingInformation, residentBillingPeriods } from '../resident-billing'
import { residentTenancy } from '../tenancy'

const MAIL_NEEDED_MESSAGE =
  'Für die Benachrichtigung per E-Mail brauchen wir Ihre E-Mail-Adresse. Ohne sie erhalten Sie die Information per Brief.'
const PDF_HEADERS = {
  'Content-Type': 'application/pdf',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
}

/** A registration: five a minute per client address, like the password reset (decision 040). */
const registrationRateLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } }

const MonthParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bitte geben Sie den Monat als JJJJ-MM an.')

const residentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/processes/customer-portal/resident-registration',
    {
      config: { public: true, ...registrationRateLimit },
      schema: {
        operationId: 'registerResident',
        summary: 'Als Bewohner mit dem Registrierungscode registrieren',
        description:
          'Ein Bewohner richtet mit dem Code seines Schreibens oder seiner E-Mail seinen Zugang ein: Benutzername, Passwort (Regeln wie bei der Passwortänderung) und, wenn er will, eine E-Mail-Adresse. Der Code gilt einmal, 60 Tage und nur solange der Vertrag läuft (400 REGISTRATION_CODE_UNKNOWN, REGISTRATION_CODE_EXPIRED, REGISTRATION_CONTRACT_ENDED; 409 REGISTRATION_CODE_USED, USER_NAME_TAKEN).',
        tags: ['residents'],
        errors: [409, 429],
        body: ResidentRegistrationSchema,
        response: { 201: SuccessMessageSchema },
      },
    },
    async (request, reply) => {
      const { successMessage } = await registerResident(app.db, request.body)
      return reply.status(201).send({ successMessage })
    },
  )

  app.get(
    '/api/residents/tenancy',
    {
      config: { residents: true },
      schema: {
        operationId: 'getResidentTenancy',
        summary: 'Mein Mietverhältnis lesen (Bewohner)',
        description:
          'Die Nutzeinheit, der Zeitraum und die Benachrichtigung des angemeldeten Bewohners; bis wann sein Zugang nach dem Auszug bleibt. Für jeden anderen Benutzer 404.',
        tags: ['residents'],
        response: { 200: ResidentTenancySchema },
      },
    },
    async (request) => {
      const {
        companyCode,
        propertyConnection,
        businessPartner,
        streetAddress,
        postalCode,
        city,
        ...tenancy
      } = await residentTenancy(app.db, request.user)
      return tenancy
    },
  )

  app.get(
    '/api/residents/monthly-consumption',
    {
      config: { residents: true },
      schema: {
        operationId: 'getResidentMonthlyConsumption',
        summary: 'Meinen Verbrauch je Monat lesen (Bewohner, § 6a HeizkostenV)',
        description:
          'Die monatliche Verbrauchsinformation des angemeldeten Bewohners: nur seine eigenen Monate der letzten zwölf, Vormonat und Vorjahresmonat nur aus ihnen, der Durchschnitt der Liegenschaft. Frühere oder spätere Nutzer der Einheit kommen nicht vor.',
        tags: ['residents'],
        response: { 200: UnitConsumptionSchema },
      },
    },
    async (request) => {
      const { tenancy, report } = await residentConsumption(app.db, request.user)
      // decision 066: the notices of the months he sees count as opened in the portal
      await markNoticesOpened(app.db, tenancy, report.months)
      return report
    },
  )

  app.get(
    '/api/residents/monthly-consumption/:month/pdf',
    {
      compress: false,
      config: { residents: true },
      schema: {
        operationId: 'downloadResidentConsumptionInformation',
        summary: 'Meine Verbrauchsinformation eines Monats als PDF laden (Bewohner)',
        description:
          'Die Verbrauchsinformation eines seiner Monate als einseitiges PDF; ein Monat, der nicht seiner ist: 404.',
        tags: ['residents'],
        params: z.strictObject({ month: MonthParam }),
      },
    },
    async (request, reply) => {
      const { tenancy, report, reference, address } = await residentConsumption(
        app.db,
        request.user,
      )
      const { month } = request.params
      if (!report.user || !report.months.includes(month)) throw notFound(MONTH_NOT_AVAILABLE)
      await markNoticesOpened(app.db, tenancy, [month])
      const pdf = consumptionInformationPdf({ reference, address }, report.user, report, month)
      return reply
        .headers(PDF_HEADERS)
        .header(
          'Content-Disposition',
          contentDisposition(`Verbrauchsinformation ${reference} ${month}.pdf`),
        )
        .send(pdf.content)
    },
  )

  app.get(
    '/api/residents/billing-information',
    {
      config: { residents: true },
      schema: {
        operationId: 'listResidentBillingInformation',
        summary: 'Meine Abrechnungszeiträume mit Abrechnungsinformation (Bewohner)',
        description:
          'Die genehmigten (G) und verteilten (V) Kostenverteilungen der Liegenschaft des angemeldeten Bewohners, die in sein Mietverhältnis fallen, neueste zuerst.',
        tags: ['residents'],
        response: { 200: ResidentBillingPeriodsSchema },
      },
    },
    async (request) => residentBillingPeriods(app.db, request.user),
  )

  app.get(
    '/api/residents/billing-information/:id',
    {
      config: { residents: true },
      schema: {
        operationId: 'getResidentBillingInformation',
        summary: 'Meine Abrechnungsinformation nach § 6a Abs. 3 HeizkostenV (Bewohner)',
        description:
          'Die Abrechnungsinformation eines seiner Abrechnungszeiträume, mit seinem eigenen Verbrauch gegenüber dem Durchschnitt und seinem vorherigen Zeitraum; ein anderer Zeitraum: 404.',
        tags: ['residents'],
        params: z.strictObject({ id: z.string().min(1).max(40) }),
        response: { 200: BillingInformationSchema },
      },
    },
    async (request) =>
      residentBillingInformation(
        app.db,
        request.user,
        request.params.id,
        app.config.customer.config.billingInformation,
      ),
  )

  app.put(
    '/api/residents/notice-channel',
    {
      config: { residents: true },
      schema: {
        operationId: 'setResidentNoticeChannel',
        summary: 'Benachrichtigung wählen: E-Mail oder Brief (Bewohner)',
        description:
          'Wie der Bewohner seine monatliche Information erhält: per E-Mail-Hinweis (braucht eine E-Mail-Adresse) oder per Brief. Wiederholbar: derselbe Wert ändert nichts.',
        tags: ['residents'],
        headers: IdempotencyHeadersSchema,
        body: z.strictObject({ noticeChannel: NoticeChannelSchema }),
        response: { 200: ResidentTenancySchema.pick({ noticeChannel: true }) },
      },
    },
    async (request) => {
      const { noticeChannel } = request.body
      await residentTenancy(app.db, request.user)
      return app.db.transaction(async (tx) => {
        const [user] = await tx
          .select({ mail: users.mail, noticeChannel: users.noticeChannel })
          .from(users)
          .where(eq(users.id, request.user.userId))
          .for('update')
        if (noticeChannel === 'mail' && !user?.mail) {
          throw badRequest(MAIL_NEEDED_MESSAGE, 'MAIL_NEEDED', 'noticeChannel')
        }
        if (user?.noticeChannel !== noticeChannel) {
          await tx.update(users).set({ noticeChannel }).where(eq(users.id, request.user.userId))
          await writeAudit(tx, {
            userName: request.user.userName,
            companyCode: request.user.companyCode,
            action: RESIDENT_ACTIONS.noticeChannel,
            entity: 'user',
            entityKey: request.user.userName,
            before: { noticeChannel: user?.noticeChannel ?? null },
            after: { noticeChannel },
          })
        }
        return { noticeChannel }
      })
    },
  )

  const invitationSettings = {
    publicUrl: app.config.publicUrl,
    sealKey: app.config.secondFactorKey,
  }

  app.post(
    '/api/persistence/connections/:connection/resident-invitations',
    {
      schema: {
        operationId: 'inviteResidents',
        summary: 'Bewohner einer Liegenschaft einladen',
        description:
          'Ein Registrierungscode für jeden heute laufenden Vertrag der Liegenschaft (ohne Leerstand), dessen Bewohner noch keinen Zugang hat: per E-Mail, wo der Geschäftspartner eine Adresse hat, sonst als Brief (`GET …/resident-letters/{batch}`). Eine neue Einladung ersetzt eine unbenutzte ältere desselben Vertrags. Mit Idempotency-Key wiederholbar.',
        tags: ['residents'],
        headers: IdempotencyHeadersSchema,
        params: z.strictObject({ connection: z.string().min(1).max(40) }),
        response: { 201: ResidentInvitationsSchema },
      },
    },
    async (request, reply) => {
      const { connection } = request.params
      await assertVisibleProperty(app.db, request.user, connection)
      const created = await idempotent(request, reply, async (db) => {
        reply.status(201)
        return db.transaction((tx) =>
          createInvitations(tx, invitationSettings, request.user, connection),
        )
      })
      await mailInvitations(app.db, app.mailer, invitationSettings, created.batch)
      return reply.status(201).send({ ...created, ...(await batchChannels(app.db, created.batch)) })
    },
  )

  app.get(
    '/api/persistence/connections/:connection/resident-letters/:batch',
    {
      compress: false,
      schema: {
        operationId: 'downloadResidentLetters',
        summary: 'Registrierungsschreiben einer Einladung als PDF laden',
        description:
          'Die Briefe der Bewohner ohne E-Mail-Adresse einer Einladung: je Bewohner eine Seite (Anschrift im Fenster nach DIN 5008, Registrierungscode, Adresse des Portals) und seine neueste Verbrauchsinformation. Benutzte, ersetzte und abgelaufene Codes fehlen.',
        tags: ['residents'],
        params: z.strictObject({
          connection: z.string().min(1).max(40),
          batch: z.uuid({ error: 'Diese Einladung gibt es nicht.' }),
        }),
      },
    },
    async (request, reply) => {
      const { connection, batch } = request.params
      await assertVisibleProperty(app.db, request.user, connection)
      const letters = await residentLetters(
        app.db,
        request.user,
        invitationSettings,
        connection,
        batch,
      )
      if (letters.residents === 0)
        throw notFound('Zu dieser Einladung gibt es keine offenen Briefe.')
      return reply
        .headers(PDF_HEADERS)
        .header(
          'Content-Disposition',
          contentDisposition(`Registrierungsschreiben ${connection}.pdf`),
        )
        .send(letters.pdf.content)
    },
  )

  app.get(
    '/api/persistence/connections/:connection/resident-notices',
    {
      schema: {
        operationId: 'listResidentNotices',
        summary: 'Zustellnachweis der monatlichen Verbrauchsinformation einer Liegenschaft',
        description:
          'Je Nutzer einer Nutzeinheit mit Funkzählern und Monat: wie er informiert wurde (E-Mail, Brief), der Stand (versendet, fehlgeschlagen mit Grund, Brief erstellt, im Portal geöffnet, Werte fehlen) und wann. Ohne `month` der letzte vollständige Monat.',
        tags: ['residents'],
        params: z.strictObject({ connection: z.string().min(1).max(40) }),
        querystring: z.strictObject({ month: MonthParam.optional() }),
        response: { 200: ResidentNoticesSchema },
      },
    },
    async (request) => {
      const { connection } = request.params
      await assertVisibleProperty(app.db, request.user, connection)
      const month = request.query.month ?? lastCompleteMonth(toIsoDate(new Date()))
      return { month, items: await deliveryList(app.db, request.user, connection, month) }
    },
  )

  app.get(
    '/api/persistence/connections/:connection/notice-letters/:month',
    {
      compress: false,
      schema: {
        operationId: 'downloadNoticeLetters',
        summary: 'Verbrauchsinformationen eines Monats per Brief als PDF laden',
        description:
          'Die Briefe eines Monats an die Nutzer ohne E-Mail-Benachrichtigung: je Nutzer ein Anschreiben (Anschrift im Fenster nach DIN 5008) und seine Verbrauchsinformation des Monats. Das erste Laden vermerkt die Briefe als erstellt (Zustellnachweis, Protokoll).',
        tags: ['residents'],
        params: z.strictObject({ connection: z.string().min(1).max(40), month: MonthParam }),
      },
    },
    async (request, reply) => {
      const { connection, month } = request.params
      await assertVisibleProperty(app.db, request.user, connection)
      const letters = await noticeLetters(
        app.db,
        request.user,
        invitationSettings,
        connection,
        month,
      )
      if (letters.residents === 0) {
        throw notFound('Für diesen Monat sind keine Briefe zu erstellen.')
      }
      return reply
        .headers(PDF_HEADERS)
        .header(
          'Content-Disposition',
          contentDisposition(`Verbrauchsinformation per Brief ${connection} ${month}.pdf`),
        )
        .send(letters.pdf.content)
    },
  )
}

export default residentRoutes

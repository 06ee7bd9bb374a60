import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AccountSchema,
  addUser,
  listUsers,
  NewUserSchema,
  resetUser,
  USER_CHANGES,
  UserListFilterSchema,
  UserRefSchema,
} from '../../accounts/index'
import { deleteUser } from '../../accounts/index'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import type { ServerConfig } from '../../../platform/config'
import type { Mailer } from '../../../platform/mailer'
import type { Database } from '../../../platform/persistence/database'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

type UserRef = z.infer<typeof UserRefSchema>
/** What an account command takes besides the database: mailer, configuration, the user. */
type CommandArguments = [mailer: Mailer, config: ServerConfig, input: UserRef]

const AccountAnswerSchema = z.object({ successMessage: z.string(), account: AccountSchema })

const DeleteAnswerSchema = z.object({
  successMessage: z.string(),
  pseudonym: z.string().meta({
    description: 'Steht in Protokoll und Vorgängen jetzt an Stelle des Benutzernamens.',
  }),
  pseudonymised: z.record(z.string(), z.number().int()),
  removed: z.record(z.string(), z.number().int()),
})

const CHANGES = {
  disable: {
    operationId: 'providerDisableUser',
    summary: 'Benutzer sperren',
    run: USER_CHANGES.disable,
    description:
      'Sperrt einen Benutzer: keine Anmeldung mehr, alle Sitzungen und offenen Links enden (wie `user disable`).',
  },
  enable: {
    operationId: 'providerEnableUser',
    summary: 'Benutzer entsperren',
    run: USER_CHANGES.enable,
    description: 'Entsperrt einen Benutzer (wie `user enable`).',
  },
  'reset-second-factor': {
    operationId: 'providerResetSecondFactor',
    summary: 'Zwei-Faktor-Anmeldung eines Benutzers zurücksetzen',
    run: USER_CHANGES['reset-second-factor'],
    description:
      'Setzt die Zwei-Faktor-Anmeldung zurück (Gerät und Wiederherstellungscodes verloren): sie ist entfernt, alle Sitzungen enden, protokolliert (wie `user reset-second-factor`).',
  },
} as const

/** A route of the scope `users`: its schema with the provider API's tag and security. */
const usersRoute = <Schema extends FastifySchema>(schema: Schema) => ({
  config: { providerScope: 'users' as const },
  schema: { tags: [PROVIDER_TAG], security: PROVIDER_SECURITY, ...schema },
})

/**
 * Decision 018: the provider's user administration over HTTP, the functions of
 * `npm run provider -- user …` (accounts/). Adding and resetting mail a link: they run outside an
 * idempotency transaction, so that no transaction waits on the mail server; a repeated add is
 * refused (409 USER_EXISTS), a repeated reset sends a new link that replaces the earlier one, up
 * to five link mails per user and hour (429 ACCOUNT_MAIL_LIMIT, decision 040).
 */
const providerUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({ mailer: app.mailer, config: app.config })

  /**
   * Runs a command on one named user once per idempotency key; answers its result with the German
   * result line as `successMessage`.
   */
  const runOnce = <Result extends { message: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    run: (db: Database, ...rest: CommandArguments) => Promise<Result>,
    input: UserRef,
  ) =>
    idempotent(request, reply, async (db) => {
      const { mailer, config } = context()
      const { message, ...result } = await run(db, mailer, config, input)
      return { successMessage: message, ...result }
    })

  app.get(
    '/api/provider/users',
    usersRoute({
      operationId: 'providerListUsers',
      summary: 'Benutzer auflisten',
      errors: [403],
      description:
        'Alle Benutzer (oder die eines Buchungskreises), nach Namen (wie `user list`). Bereich `users`.',
      querystring: UserListFilterSchema,
      response: { 200: z.object({ items: z.array(AccountSchema) }) },
    }),
    async (request) => ({ items: await listUsers(app.db, request.query) }),
  )

  app.post(
    '/api/provider/users',
    usersRoute({
      operationId: 'providerAddUser',
      summary: 'Benutzer anlegen und einladen',
      errors: [403, 409, 429, 502],
      description:
        'Legt einen Benutzer an und sendet ihm die Einladung mit einem Link (7 Tage gültig, einmal nutzbar), über den er sein Passwort wählt (wie `user add`). 409 USER_EXISTS für einen vergebenen Namen; 502 MAIL_FAILED, wenn die E-Mail nicht gesendet werden konnte (der Benutzer ist angelegt: `reset` sendet den Link erneut). Die Einladung zählt zu den höchstens fünf Einladungs- oder Rücksetz-E-Mails je Benutzer und Stunde. Bereich `users`.',
      body: NewUserSchema,
      response: { 201: AccountAnswerSchema },
    }),
    async (request, reply) => {
      const { mailer, config } = context()
      const { message, account } = await addUser(app.db, mailer, config, request.body)
      return reply.code(201).send({ successMessage: message, account })
    },
  )

  for (const [command, { operationId, summary, run, description }] of Object.entries(CHANGES)) {
    app.post(
      `/api/provider/users/${command}`,
      usersRoute({
        operationId,
        summary,
        errors: [403, 404, 422],
        description: `${description} Bereich \`users\`.`,
        headers: IdempotencyHeadersSchema,
        body: UserRefSchema,
        response: { 200: AccountAnswerSchema },
      }),
      async (request, reply) => runOnce(request, reply, run, request.body),
    )
  }

  app.post(
    '/api/provider/users/reset',
    usersRoute({
      operationId: 'providerResetUser',
      summary: 'Passwort eines Benutzers zurücksetzen',
      errors: [403, 404, 409, 429, 502],
      description:
        'Setzt das Passwort zurück: das bisherige gilt nicht mehr, alle Sitzungen enden, ein Link (30 Minuten) zum Wählen eines neuen wird gesendet; wer noch kein Passwort gewählt hat, bekommt eine neue Einladung (wie `user reset`). 409 für einen gesperrten Benutzer, 429 ACCOUNT_MAIL_LIMIT nach fünf Einladungs- oder Rücksetz-E-Mails an den Benutzer innerhalb einer Stunde (die Meldung nennt, ab wann die nächste möglich ist; nichts wird geändert), 502 MAIL_FAILED. Bereich `users`.',
      body: UserRefSchema,
      response: { 200: AccountAnswerSchema },
    }),
    async (request) => {
      const { mailer, config } = context()
      const { message, account } = await resetUser(app.db, mailer, config, request.body)
      return { successMessage: message, account }
    },
  )

  app.post(
    '/api/provider/users/delete',
    usersRoute({
      operationId: 'providerDeleteUser',
      summary: 'Benutzer löschen (DSGVO)',
      errors: [403, 404, 422],
      description:
        'Löscht einen Benutzer, wie es die DSGVO verlangt (wie `user delete`): Name, E-Mail-Adresse, Passwort, Links und gespeicherte Antworten werden entfernt; Protokoll und Vorgänge bleiben, unter einem Pseudonym. Bereich `users`.',
      headers: IdempotencyHeadersSchema,
      body: UserRefSchema,
      response: { 200: DeleteAnswerSchema },
    }),
    async (request, reply) => runOnce(request, reply, deleteUser, request.body),
  )
}

export default providerUserRoutes

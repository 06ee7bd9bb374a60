import {
  BillingInformationSchema,
  Co2SplitAnswerSchema,
  Co2SplitUpdateSchema,
  EXPENSE_LIST_FIELDS,
  EXPENSE_TYPES,
  ExpenseInputSchema,
  ExpenseSchema,
  ExpenseUpdateSchema,
  HistorySchema,
  OperatingCostsSchema,
  OperatingCostsSummarySchema,
  SEARCH_LIMIT,
  SearchFilterSchema,
  SearchQuerySchema,
  SearchSortSchema,
  type ExpenseInput,
  type ExpenseType,
  type SearchFilter,
  type SearchSort,
} from '@portal/domain'
import type { FastifyRequest, FastifySchema } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { entityRoute } from '../../../platform/http/entity-route'
import { z } from 'zod'
import { contentDisposition } from '../../../platform/files/file-name'
import { notFound } from '../../../platform/http-errors'
import {
  expenseEntity,
  expenseJson,
  findVisibleDistribution,
  findVisibleDistributionLine,
  findVisibleOperatingCosts,
  operatingCostsEntity,
  toSummary,
  type DistributionRow,
} from '../repositories/operating-costs'
import { searchAnswer } from '../../../platform/persistence/search'
import { addExpenses } from '../add-expenses'
import { readCo2Split } from '../co2-split-figures'
import { billingInformationOf } from '../billing-information'
import { updateCo2Split } from '../update-co2-split'
import { deleteExpense } from '../delete-expense'
import { DISTRIBUTION_NOT_FOUND_MESSAGE } from '../distribution-status'
import { EXPENSE_NOT_FOUND_MESSAGE } from '../expense-rules'
import { approvalReceiptPdf, RECEIPT_NOT_FOUND_MESSAGE } from '../approval-receipt'
import { distributionHistory } from '../history'
import { updateExpense } from '../update-expense'
import {
  idempotent,
  idempotentNoContent,
  IdempotencyHeadersSchema,
  replayCompletedRequest,
} from '../../../platform/http/idempotency'
import { searchRoute, sendJsonText } from '../../../platform/http/search-route'
import { CHANGE } from '../../../platform/http/openapi-operations'

const id = z.string().min(1).max(40)
const guid = z.uuid()

/**
 * Answers 404 for an invisible distribution (or a line not in it) before the body is validated, so
 * that another company's id never learns anything from a validation message.
 */
async function assertVisible(request: FastifyRequest, kind?: ExpenseType) {
  const { db } = request.server
  const params = request.params as { id?: string; guid?: string }
  if (params.id === undefined) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  if (!kind || params.guid === undefined) {
    const row = await findVisibleDistribution(db, request.user, params.id)
    if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
    return
  }
  // the distribution and its line in one statement; a guid of no line's shape finds none
  const lineGuid = guid.safeParse(params.guid).success ? params.guid : null
  const found = await findVisibleDistributionLine(db, request.user, params.id, kind, lineGuid)
  if (!found) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  if (!found.line) throw notFound(EXPENSE_NOT_FOUND_MESSAGE)
}

/**
 * A change of one stored line of a kind's list; 403 for the service flat fee, 409 and 422 as every
 * change. An invalid request is checked visible before its validation message is answered (404
 * first, as every route). A valid one needs no statement for it: the change's transaction reads
 * the distribution and the line with the user's scope and answers the same 404s
 * (`changeExpenseLine`), one round trip less on the path every cost entry takes (decision 072).
 */
const lineChangeRoute = <Schema extends FastifySchema>(kind: ExpenseType, schema: Schema) => ({
  preValidation: replayCompletedRequest,
  attachValidation: true,
  preHandler: async (request: FastifyRequest) => {
    if (!request.validationError) return
    await assertVisible(request, kind)
    throw request.validationError
  },
  schema: {
    errors: [403, ...CHANGE],
    tags: ['operating-costs'],
    params: z.strictObject({ id, guid }),
    headers: IdempotencyHeadersSchema,
    ...schema,
  },
})

/** The names of each kind's expense lines: in operation ids, and in German ('Heizkosten'). */
const EXPENSE_NAMES: Record<ExpenseType, { operation: string; costs: string }> = {
  heating: { operation: 'Heating', costs: 'Heizkosten' },
  working: { operation: 'Working', costs: 'Betriebskosten' },
}

/** The operations of a kind's expense lines in the API document. */
function expenseOperations(kind: ExpenseType) {
  const { operation, costs } = EXPENSE_NAMES[kind]
  return {
    list: {
      operationId: `listOrAdd${operation}Expenses`,
      summary: `${costs}zeilen lesen oder hinzufügen`,
    },
    update: { operationId: `update${operation}Expense`, summary: `${costs}zeile ändern` },
    delete: { operationId: `delete${operation}Expense`, summary: `${costs}zeile löschen` },
  }
}

/** Whether a list body carries lines to add (a write) rather than a search (a read). */
const isExpenseInput = (body: unknown, field: string) =>
  typeof body === 'object' && body !== null && Object.hasOwn(body, field)

/** The list body: `{}`, `{filters, sort}`, or the lines to add under the list's field. */
function expenseListBody(kind: ExpenseType) {
  return z.strictObject({
    filters: z.array(SearchFilterSchema).max(50).optional(),
    sort: z.array(SearchSortSchema).max(10).optional(),
    [EXPENSE_LIST_FIELDS[kind]]: z.array(ExpenseInputSchema).min(1).max(SEARCH_LIMIT).optional(),
  })
}

/** §7 "Operating costs": distributions, their expense lines and their history. */
const operatingCostsRoutes: FastifyPluginAsyncZod = async (app) => {
  searchRoute<typeof OperatingCostsSummarySchema, DistributionRow>(app, {
    url: '/api/persistence/operating-costs-search',
    operationId: 'searchOperatingCosts',
    summary: 'Kostenverteilungen suchen',
    entity: operatingCostsEntity,
    item: OperatingCostsSummarySchema,
    description:
      'Kostenverteilungen der sichtbaren Liegenschaften (suchbar: operatingCostsDistribution, connection, operatingCostsDistributionStatus, from, until).',
    toItems: (_db, rows) => rows.map(toSummary),
  })

  entityRoute(app, {
    url: '/api/persistence/operating-costs/:id',
    operationId: 'getOperatingCosts',
    summary: 'Kostenverteilung mit Kostenzeilen lesen',
    description:
      'Eine Kostenverteilung mit allen Heiz- und Betriebskostenzeilen (auch den nach §5 ausgeblendeten).',
    tags: ['operating-costs'],
    item: OperatingCostsSchema,
    notFoundMessage: DISTRIBUTION_NOT_FOUND_MESSAGE,
    find: findVisibleOperatingCosts,
  })

  app.get(
    '/api/persistence/operating-costs/:id/history',
    {
      schema: {
        operationId: 'getOperatingCostsHistory',
        summary: 'Verlauf einer Kostenverteilung lesen',
        description:
          'Verlauf einer Kostenverteilung: Statuswechsel, Kostenzeilen, Ablehnungen; neueste zuerst.',
        tags: ['operating-costs'],
        params: z.strictObject({ id }),
        response: { 200: HistorySchema },
      },
    },
    async (request) => ({
      items: await distributionHistory(app.db, request.user, request.params.id),
    }),
  )

  app.get(
    '/api/persistence/operating-costs/:id/history/:sequence/receipt',
    {
      compress: false,
      schema: {
        operationId: 'downloadDecisionReceipt',
        summary: 'Beleg einer Genehmigung oder Ablehnung als PDF laden',
        description:
          'Beleg einer Genehmigung oder Ablehnung aus dem Verlauf als einseitiges PDF: was entschieden wurde, von wem, wann, mit dem Hash des Entscheidungsstands und dem Protokolleintrag der Hash-Kette.',
        tags: ['operating-costs'],
        params: z.strictObject({
          id,
          sequence: z.coerce
            .number({ error: 'Bitte geben Sie die Nummer des Protokolleintrags an.' })
            .int({ error: 'Bitte geben Sie die Nummer des Protokolleintrags an.' })
            .positive({ error: 'Bitte geben Sie die Nummer des Protokolleintrags an.' })
            .max(Number.MAX_SAFE_INTEGER, {
              error: 'Bitte geben Sie die Nummer des Protokolleintrags an.',
            }),
        }),
      },
    },
    async (request, reply) => {
      const history = await distributionHistory(app.db, request.user, request.params.id)
      const entry = history.find((item) => item.sequence === request.params.sequence)
      if (!entry?.receipt) throw notFound(RECEIPT_NOT_FOUND_MESSAGE)
      const pdf = approvalReceiptPdf({ ...entry, receipt: entry.receipt })
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition(`Beleg ${request.params.id} Eintrag ${entry.sequence}.pdf`),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(pdf.content)
    },
  )

  app.get(
    '/api/persistence/operating-costs/:id/co2-split',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getCo2Split',
        summary: 'CO2-Kostenaufteilung einer Heizkostenverteilung berechnen',
        description:
          'Die Aufteilung der CO2-Kosten nach CO2KostAufG, vom Server berechnet: Brennstoff, Menge, Emissionsfaktor, kg CO2, Fläche, kg je m² und Jahr (auf eine Nachkommastelle gerundet), Stufe, Anteile und die Schritte der Rechnung.',
        tags: ['operating-costs'],
        params: z.strictObject({ id }),
        response: { 200: Co2SplitAnswerSchema },
      },
    },
    async (request) => readCo2Split(app.db, request.user, request.params.id),
  )

  app.get(
    '/api/persistence/operating-costs/:id/billing-information',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getBillingInformation',
        summary: 'Abrechnungsinformation nach § 6a Abs. 3 HeizkostenV lesen',
        description:
          'Was der Gebäudeeigentümer den Nutzern mit der Heizkostenabrechnung zugänglich macht: Anteile der Energieträger (bei Fernwärme mit CO2 und Primärenergiefaktor), Steuern und Abgaben, Entgelte für Erfassung, Eichung, Ablesung und Abrechnung, Beratungsstellen, Streitbeilegung, und für den Nutzer einer Nutzeinheit (`pointOfDelivery`, `partner`; ohne sie die erste Einheit und ihr Nutzer am letzten Tag) sein Verbrauch gegenüber dem Durchschnitt und dem vorherigen Zeitraum, witterungsbereinigt, wo Gradtagzahlen vorliegen.',
        tags: ['operating-costs'],
        params: z.strictObject({ id }),
        querystring: z.strictObject({
          pointOfDelivery: z.string().min(1).max(40).optional(),
          partner: z.string().min(1).max(40).optional(),
        }),
        response: { 200: BillingInformationSchema },
      },
    },
    async (request) => {
      const row = await findVisibleDistribution(app.db, request.user, request.params.id)
      if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
      return billingInformationOf(
        app.db,
        request.user,
        row,
        { pointOfDelivery: request.query.pointOfDelivery, businessPartner: request.query.partner },
        app.config.customer.config.billingInformation,
      )
    },
  )

  app.put(
    '/api/persistence/operating-costs/:id/co2-split',
    {
      preValidation: [replayCompletedRequest, (request) => assertVisible(request)],
      schema: {
        operationId: 'correctCo2Split',
        summary: 'Angaben der CO2-Kostenaufteilung laut Rechnung korrigieren',
        errors: CHANGE,
        description:
          'Speichert Korrekturen laut Rechnung (Menge, Energieträger, kg CO2, CO2-Kosten, Fläche, Beschränkung nach § 9 oder WEG); null nimmt den Standard zurück. Nur solange die Verteilung offen (O) ist. Antwortet die neu berechnete Aufteilung.',
        tags: ['operating-costs'],
        params: z.strictObject({ id }),
        headers: IdempotencyHeadersSchema,
        body: Co2SplitUpdateSchema,
        response: { 200: Co2SplitAnswerSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, (db) =>
        updateCo2Split(db, request.user, request.params.id, request.body),
      ),
  )

  for (const kind of EXPENSE_TYPES) {
    const operations = expenseOperations(kind)
    const field = EXPENSE_LIST_FIELDS[kind]
    const list = z.object({ [field]: z.array(ExpenseSchema) })
    const page = z.object({ [field]: z.array(ExpenseSchema), next: z.string().nullable() })
    app.post(
      `/api/persistence/operating-costs/:id/${kind}-expenses`,
      {
        preValidation: [replayCompletedRequest, (request) => assertVisible(request)],
        // the lists are kept per scope and validated per distribution; a body with lines adds
        // them and is never kept
        config: {
          cachedAnswer: {
            per: 'scope',
            when: (request) => !isExpenseInput(request.body, field),
            costLines: 'own-distribution',
          },
        },
        schema: {
          ...operations.list,
          errors: CHANGE,
          description: `Mit {} oder {filters, sort}: die ${EXPENSE_NAMES[kind].costs}zeilen (200), seitenweise wie jede Suche (?limit, ?next; Antwort mit next). Mit {${field}: [...]}: fügt die Zeilen hinzu (201), nur solange die Verteilung offen (O) ist.`,
          tags: ['operating-costs'],
          params: z.strictObject({ id }),
          querystring: SearchQuerySchema,
          headers: IdempotencyHeadersSchema,
          body: expenseListBody(kind).optional(),
          response: { 200: page, 201: list },
        },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as {
          filters?: SearchFilter[]
          sort?: SearchSort[]
        } & Partial<Record<typeof field, ExpenseInput[]>>
        const inputs = body[field]
        if (inputs) {
          return idempotent(request, reply, async (db) => {
            const created = await addExpenses(db, request.user, request.params.id, kind, inputs)
            reply.status(201)
            return { [field]: created }
          })
        }
        const text = await searchAnswer(
          app.db,
          expenseEntity(request.params.id, kind),
          request.user,
          { filters: body.filters ?? [], sort: body.sort ?? [] },
          request.query,
          { field, item: expenseJson },
        )
        return sendJsonText(reply, text)
      },
    )

    app.patch(
      `/api/persistence/operating-costs/:id/${kind}-expenses/:guid`,
      lineChangeRoute(kind, {
        ...operations.update,
        description:
          'Ändert eine Kostenzeile einer offenen Verteilung; `version` muss die gespeicherte sein (sonst 409 STALE_VERSION).',
        body: ExpenseUpdateSchema,
        response: { 200: ExpenseSchema },
      }),
      async (request, reply) =>
        idempotent(request, reply, (db) =>
          updateExpense(
            db,
            request.user,
            { distribution: request.params.id, kind, guid: request.params.guid },
            request.body,
          ),
        ),
    )

    app.delete(
      `/api/persistence/operating-costs/:id/${kind}-expenses/:guid`,
      lineChangeRoute(kind, {
        ...operations.delete,
        description:
          'Löscht eine Kostenzeile einer offenen Verteilung (204); die Dienstleistungspauschale HK_DLP nie (403).',
        response: { 204: z.null() },
      }),
      async (request, reply) =>
        idempotentNoContent(request, reply, (db) =>
          deleteExpense(db, request.user, {
            distribution: request.params.id,
            kind,
            guid: request.params.guid,
          }),
        ),
    )
  }
}

export default operatingCostsRoutes

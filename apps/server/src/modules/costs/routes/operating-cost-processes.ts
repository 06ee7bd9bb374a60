import {
  DistributionApprovalRequestSchema,
  EntryFinalizationRequestSchema,
  InvoiceApprovalRequestSchema,
  SearchQuerySchema,
  SuccessMessageSchema,
  ValueListAnswerSchema,
  ValueListRequestSchema,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Database } from '../../../platform/persistence/database'
import type { SessionUser } from '../../../platform/persistence/scope'
import { decideDistribution } from '../distribution-approval'
import { finalizeEntry } from '../entry-finalization'
import { decideInvoice } from '../invoice-approval'
import { valueList } from '../value-list'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { CHANGE } from '../../../platform/http/openapi-operations'

/** §7 "Operating costs": the workflow steps of the user, and the value lists of the cost entry. */
const operatingCostsProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A step of the user, idempotent, answering the German success message of `run`. */
  function workflowStep<Body extends z.ZodType>(
    url: string,
    step: {
      operationId: string
      summary: string
      description: string
      body: Body
      run: (db: Database, user: SessionUser, body: z.output<Body>) => Promise<string>
    },
  ) {
    app.post(
      url,
      {
        schema: {
          operationId: step.operationId,
          summary: step.summary,
          errors: CHANGE,
          description: step.description,
          tags: ['operating-costs'],
          headers: IdempotencyHeadersSchema,
          body: step.body,
          response: { 200: SuccessMessageSchema },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, async (db) => ({
          successMessage: await step.run(db, request.user, request.body as z.output<Body>),
        })),
    )
  }

  workflowStep('/api/processes/operating-costs/entry-finalization', {
    operationId: 'finalizeEntry',
    summary: 'Kosten als erfasst melden',
    description:
      '„Kosten erfasst“: setzt eine offene Verteilung (O) auf erfasst (E); danach ist keine Kostenerfassung mehr möglich.',
    body: EntryFinalizationRequestSchema,
    run: (db, user, body) => finalizeEntry(db, user, body.operatingCostsDistribution),
  })

  workflowStep('/api/processes/operating-costs/distribution-approval', {
    operationId: 'decideDistribution',
    summary: 'Kostenverteilung genehmigen oder ablehnen',
    description:
      'Genehmigt (approved: true, F -> G) oder lehnt mit Begründung ab (approved: false, bleibt F) eine freigegebene Verteilung.',
    body: DistributionApprovalRequestSchema,
    run: decideDistribution,
  })

  workflowStep('/api/processes/operating-costs/invoice-approval', {
    operationId: 'decideInvoice',
    summary: 'Rechnung genehmigen oder ablehnen',
    description:
      'Genehmigt (approved: true, endgültig) oder lehnt mit Begründung ab (approved: false) eine Rechnung (invoice = billingVoucher eines Abrechnungsbelegs AR…), solange ihre Verteilung freigegeben (F) oder genehmigt (G) ist; eine abgelehnte Rechnung kann später genehmigt werden.',
    body: InvoiceApprovalRequestSchema,
    run: decideInvoice,
  })

  app.post(
    '/api/processes/system/value-list',
    {
      schema: {
        operationId: 'getValueList',
        summary: 'Werteliste der Kostenerfassung lesen',
        description:
          'Wertelisten der Kostenerfassung: Kostenarten (line_data {}), Schlüssel und Objekte (TARIF), Zuordnungen (OBJECT).',
        tags: ['operating-costs'],
        querystring: SearchQuerySchema,
        body: ValueListRequestSchema,
        response: { 200: ValueListAnswerSchema },
      },
    },
    async (request) => {
      const entries = await valueList(app.db, request.user, request.body)
      return { data: { data: entries.slice(0, request.query.limit) } }
    },
  )
}

export default operatingCostsProcessRoutes

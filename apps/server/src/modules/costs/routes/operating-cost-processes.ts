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
import { decideDistribution } from '../distribution-approval'
import { finalizeEntry } from '../entry-finalization'
import { decideInvoice } from '../invoice-approval'
import { valueList } from '../value-list'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { CHANGE } from '../../../platform/http/openapi-operations'

/** §7 "Operating costs": the workflow steps of the user, and the value lists of the cost entry. */
const operatingCostsProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/processes/operating-costs/entry-finalization',
    {
      schema: {
        operationId: 'finalizeEntry',
        summary: 'Kosten als erfasst melden',
        errors: CHANGE,
        description:
          '„Kosten erfasst“: setzt eine offene Verteilung (O) auf erfasst (E); danach ist keine Kostenerfassung mehr möglich.',
        tags: ['operating-costs'],
        headers: IdempotencyHeadersSchema,
        body: EntryFinalizationRequestSchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (db) => ({
        successMessage: await finalizeEntry(
          db,
          request.user,
          request.body.operatingCostsDistribution,
        ),
      })),
  )

  app.post(
    '/api/processes/operating-costs/distribution-approval',
    {
      schema: {
        operationId: 'decideDistribution',
        summary: 'Kostenverteilung genehmigen oder ablehnen',
        errors: CHANGE,
        description:
          'Genehmigt (approved: true, F -> G) oder lehnt mit Begründung ab (approved: false, bleibt F) eine freigegebene Verteilung.',
        tags: ['operating-costs'],
        headers: IdempotencyHeadersSchema,
        body: DistributionApprovalRequestSchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (db) => ({
        successMessage: await decideDistribution(db, request.user, request.body),
      })),
  )

  app.post(
    '/api/processes/operating-costs/invoice-approval',
    {
      schema: {
        operationId: 'decideInvoice',
        summary: 'Rechnung genehmigen oder ablehnen',
        errors: CHANGE,
        description:
          'Genehmigt (approved: true, endgültig) oder lehnt mit Begründung ab (approved: false) eine Rechnung (invoice = billingVoucher eines Abrechnungsbelegs AR…), solange ihre Verteilung freigegeben (F) oder genehmigt (G) ist; eine abgelehnte Rechnung kann später genehmigt werden.',
        tags: ['operating-costs'],
        headers: IdempotencyHeadersSchema,
        body: InvoiceApprovalRequestSchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (db) => ({
        successMessage: await decideInvoice(db, request.user, request.body),
      })),
  )

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

import {
  ActivityCreatedSchema,
  ActivityInputSchema,
  AttachmentSchema,
  BillingVoucherSchema,
  CorrespondenceSchema,
  NotificationsReadRequestSchema,
  NotificationsReadSchema,
  NotificationsSchema,
  VoucherSchema,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { badRequest, validationFailed } from '../../../platform/http-errors'
import { assertValidText } from '../../../platform/http/text-input'
import {
  attachmentEntity,
  billingVoucherEntity,
  correspondenceEntity,
  toAttachment,
  toBillingVoucher,
  toCorrespondence,
  toVoucher,
  voucherEntity,
  type AttachmentRow,
  type BillingVoucherRow,
  type CorrespondenceRow,
  type VoucherRow,
} from '../../../platform/persistence/files'
import { invoiceApprovalsOf } from '../../costs/index'
import { createActivity } from '../activities'
import { deleteAttachment } from '../files'
import { markNotificationsRead, notificationsFor } from '../notifications'
import {
  idempotent,
  idempotentNoContent,
  IdempotencyHeadersSchema,
} from '../../../platform/http/idempotency'
import { searchRoute } from '../../../platform/http/search-route'
import { uploadPost } from './upload'

/** §7 "Files and activities", "Invoices": files, invoices, vouchers, activities, notifications. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  searchRoute<typeof AttachmentSchema, AttachmentRow>(app, {
    url: '/api/persistence/attachments-search',
    operationId: 'searchAttachments',
    summary: 'Dateien suchen',
    entity: attachmentEntity,
    item: AttachmentSchema,
    description:
      'Dateien der sichtbaren Liegenschaften (suchbar: attachment, objectType, objectKey, uploadedBy, fileName; neueste zuerst).',
    toItems: (_db, rows) => rows.map(toAttachment),
  })

  searchRoute<typeof CorrespondenceSchema, CorrespondenceRow>(app, {
    url: '/api/persistence/correspondences-search',
    operationId: 'searchCorrespondences',
    summary: 'Korrespondenzen suchen',
    entity: correspondenceEntity,
    item: CorrespondenceSchema,
    description:
      'Korrespondenzen (Rechnungen: form HVWZ_HV, key = Kostenverteilung) der sichtbaren Liegenschaften.',
    toItems: (_db, rows) => rows.map(toCorrespondence),
  })

  searchRoute<typeof BillingVoucherSchema, BillingVoucherRow>(app, {
    url: '/api/persistence/billing-vouchers-search',
    operationId: 'searchBillingVouchers',
    summary: 'Abrechnungsbelege suchen',
    entity: billingVoucherEntity,
    item: BillingVoucherSchema,
    description:
      'Abrechnungsbelege der sichtbaren Liegenschaften (Rechnungen: invoiceVoucher startsWith AR, operatingCostsDistribution eq), je Rechnung mit der Entscheidung des Benutzers (approval).',
    toItems: async (db, rows) => {
      const approvals = await invoiceApprovalsOf(
        db,
        rows.map((row) => row.billingVoucher),
      )
      return rows.map((row) => toBillingVoucher(row, approvals.get(row.billingVoucher) ?? null))
    },
  })

  searchRoute<typeof VoucherSchema, VoucherRow>(app, {
    url: '/api/persistence/voucher-search',
    operationId: 'searchVouchers',
    summary: 'Belegpositionen suchen',
    entity: voucherEntity,
    item: VoucherSchema,
    description: 'Belegpositionen der sichtbaren Liegenschaften (suchbar: voucherNr, position).',
    toItems: (_db, rows) => rows.map(toVoucher),
  })

  app.delete(
    '/api/persistence/attachments/:id',
    {
      schema: {
        operationId: 'deleteAttachment',
        summary: 'Eigene Datei löschen',
        errors: [422],
        description:
          'Löscht eine selbst hochgeladene Datei (204); fremde und unsichtbare Dateien: 404.',
        tags: ['files'],
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        headers: IdempotencyHeadersSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) =>
      idempotentNoContent(request, reply, (db) =>
        deleteAttachment(db, request.user, request.params.id),
      ),
  )

  uploadPost(
    app,
    '/api/persistence/activities',
    {
      operationId: 'reportTenantChange',
      summary: 'Mieterwechsel melden',
      description:
        'Meldet einen Mieterwechsel (multipart/form-data: Feld activity als JSON, optional file); 201.',
      tags: ['activities'],
      response: { 201: ActivityCreatedSchema },
    },
    (request, reply, { fields, file }) => {
      const unknown = Object.keys(fields).filter((name) => name !== 'activity')
      if (unknown.length > 0) {
        throw badRequest(`Unbekannte Felder: ${unknown.join(', ')}.`, 'VALIDATION_FAILED')
      }
      let json: unknown
      try {
        json = JSON.parse(fields.activity ?? '')
      } catch {
        throw badRequest(
          "Das Feld 'activity' muss die Meldung als JSON enthalten.",
          'VALIDATION_FAILED',
        )
      }
      assertValidText(json, 'activity')
      const parsed = ActivityInputSchema.safeParse(json)
      if (!parsed.success) {
        throw validationFailed(parsed.error.issues, 'activity')
      }
      return async (db) => {
        const created = await createActivity(db, request.user, parsed.data, file)
        reply.status(201)
        return created
      }
    },
  )

  app.get(
    '/api/persistence/notifications',
    {
      schema: {
        operationId: 'getNotifications',
        summary: 'Benachrichtigungen lesen',
        description:
          'Benachrichtigungen des Benutzers: gemeldete Mieterwechsel, freigegebene Kostenverteilungen, fällige Genehmigungen; neueste zuerst.',
        tags: ['activities'],
        response: { 200: NotificationsSchema },
      },
    },
    async (request) => ({ items: await notificationsFor(app.db, request.user) }),
  )

  app.post(
    '/api/persistence/notifications/read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Benachrichtigungen als gelesen markieren',
        errors: [422],
        description:
          'Markiert Benachrichtigungen des Benutzers als gelesen: die genannten (ids) oder alle (all: true). Gelesen ist eine Benachrichtigung für diesen Benutzer allein und so, wie sie jetzt ist; ändert sich ihr Stand (Status eines Mieterwechsels), ist sie wieder ungelesen. Ids, die keine Benachrichtigung dieses Benutzers sind, markieren nichts und fehlen in der Antwort (read).',
        tags: ['activities'],
        headers: IdempotencyHeadersSchema,
        body: NotificationsReadRequestSchema,
        response: { 200: NotificationsReadSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, (db) => markNotificationsRead(db, request.user, request.body)),
  )
}

export default fileRoutes

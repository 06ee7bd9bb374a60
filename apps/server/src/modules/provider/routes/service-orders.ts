import { ServiceOrderStatusReportSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { providerActor } from '../../../platform/auth/provider-keys'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { CHANGE } from '../../../platform/http/openapi-operations'
import { reportServiceOrderStatus } from '../../care/index'
import { ServiceOrderStatusAnswerSchema } from '../schemas'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

/**
 * Decision 069: the provider's way back for a service order it received through the changes
 * feed, audited as `provider:<key name>`; the manager sees the state and is notified.
 */
const providerServiceOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/provider/service-orders/:id/status',
    {
      config: { providerScope: 'steps' },
      schema: {
        operationId: 'providerReportServiceOrderStatus',
        summary: 'Status eines Serviceauftrags melden',
        errors: [403, ...CHANGE],
        description:
          'Meldet den Stand eines Serviceauftrags (die `serviceOrder` des Ereignisses SERVICE_ORDER_CREATED): EINGEGANGEN, GEPLANT mit Termin (plannedDate), ERLEDIGT oder STORNIERT mit Grund (reason). Erlaubt sind BESTELLT → EINGEGANGEN, GEPLANT, ERLEDIGT, STORNIERT; EINGEGANGEN → GEPLANT, ERLEDIGT, STORNIERT; GEPLANT → GEPLANT (neuer Termin), ERLEDIGT, STORNIERT; sonst 409. 404 für einen unbekannten Auftrag, 400 ohne Termin oder Grund. Bereich `steps`.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        headers: IdempotencyHeadersSchema,
        body: ServiceOrderStatusReportSchema,
        response: { 200: ServiceOrderStatusAnswerSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, (db) =>
        reportServiceOrderStatus(
          db,
          request.params.id,
          request.body,
          providerActor(request.providerKey!.name),
        ),
      ),
  )
}

export default providerServiceOrderRoutes

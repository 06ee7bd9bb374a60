import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { PROVIDER_STEPS, performProviderStep, type ProviderStep } from '../provider-steps'
import { providerActor } from '../../../platform/auth/provider-keys'
import { ProviderStepAnswerSchema, ProviderStepRequestSchema } from '../schemas'
import { CHANGE } from '../../../platform/http/openapi-operations'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

const OPERATIONS: Record<
  ProviderStep,
  { operationId: string; summary: string; description: string }
> = {
  distribute: {
    operationId: 'providerDistribute',
    summary: 'Kostenverteilung verteilen (E → V)',
    description: 'Verteilt eine erfasste Kostenverteilung (E → V).',
  },
  release: {
    operationId: 'providerRelease',
    summary: 'Kostenverteilung freigeben (V → F)',
    description:
      'Gibt eine verteilte Kostenverteilung frei (V → F); der Benutzer kann sie dann genehmigen oder ablehnen.',
  },
  cancel: {
    operationId: 'providerCancel',
    summary: 'Kostenverteilung stornieren',
    description: 'Storniert eine Kostenverteilung (O, E, V oder F → S).',
  },
}

/**
 * Decision 018: the provider's steps of the status machine (as `npm run provider -- distribute …`),
 * audited as `provider:<key name>`.
 */
const providerStepRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const step of Object.keys(PROVIDER_STEPS) as ProviderStep[]) {
    app.post(
      `/api/provider/steps/${step}`,
      {
        config: { providerScope: 'steps' },
        schema: {
          operationId: OPERATIONS[step].operationId,
          summary: OPERATIONS[step].summary,
          errors: [403, 404, ...CHANGE],
          description: `${OPERATIONS[step].description} 404 für eine unbekannte, 409 für eine Verteilung in einem anderen Status. Bereich \`steps\`.`,
          tags: [PROVIDER_TAG],
          security: PROVIDER_SECURITY,
          headers: IdempotencyHeadersSchema,
          body: ProviderStepRequestSchema,
          response: { 200: ProviderStepAnswerSchema },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, async (db) => {
          const { changed, message } = await performProviderStep(
            db,
            step,
            request.body.operatingCostsDistribution,
            providerActor(request.providerKey!.name),
          )
          return {
            operatingCostsDistribution: changed.operatingCostsDistribution,
            operatingCostsDistributionStatus: PROVIDER_STEPS[step].to,
            version: changed.version,
            successMessage: message,
          }
        }),
    )
  }
}

export default providerStepRoutes

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { PROVIDER_STEPS, performProviderStep, type ProviderStep } from '../provider-steps'
import { providerActor } from '../../../platform/auth/provider-keys'
import { ProviderStepAnswerSchema, ProviderStepRequestSchema } from '../schemas'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

const DESCRIPTIONS: Record<ProviderStep, string> = {
  distribute: 'Verteilt eine erfasste Kostenverteilung (E → V).',
  release:
    'Gibt eine verteilte Kostenverteilung frei (V → F); der Benutzer kann sie dann genehmigen oder ablehnen.',
  cancel: 'Storniert eine Kostenverteilung (O, E, V oder F → S).',
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
          description: `${DESCRIPTIONS[step]} 404 für eine unbekannte, 409 für eine Verteilung in einem anderen Status. Bereich \`steps\`.`,
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

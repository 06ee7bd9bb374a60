import { ContractAccountSchema, ContractSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../platform/http-errors'
import { findVisibleContract, findVisibleContractAccount } from '../repositories/contracts'

/** §7 "Connections, contracts, devices": contracts and contract accounts. */
const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/persistence/contracts/:key',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getContract',
        summary: 'Vertrag lesen',
        description: 'Ein Vertrag mit Tarifen und Merkmalen.',
        tags: ['contracts'],
        params: z.strictObject({ key: z.string().min(1).max(40) }),
        response: { 200: ContractSchema },
      },
    },
    async (request) => {
      const found = await findVisibleContract(app.db, request.user, request.params.key)
      if (!found) throw notFound('Der Vertrag wurde nicht gefunden.')
      return found
    },
  )

  app.get(
    '/api/persistence/contract-accounts/:contractAccount',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getContractAccount',
        summary: 'Vertragskonto lesen',
        description: 'Ein Vertragskonto (Referenz und Kontotyp).',
        tags: ['contracts'],
        params: z.strictObject({ contractAccount: z.string().min(1).max(40) }),
        response: { 200: ContractAccountSchema },
      },
    },
    async (request) => {
      const found = await findVisibleContractAccount(
        app.db,
        request.user,
        request.params.contractAccount,
      )
      if (!found) throw notFound('Das Vertragskonto wurde nicht gefunden.')
      return found
    },
  )
}

export default contractRoutes

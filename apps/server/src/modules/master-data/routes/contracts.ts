import { ContractAccountSchema, ContractSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { entityRoute } from '../../../platform/http/entity-route'
import { findVisibleContract, findVisibleContractAccount } from '../repositories/contracts'

/** §7 "Connections, contracts, devices": contracts and contract accounts. */
const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  entityRoute(app, {
    url: '/api/persistence/contracts/:key',
    operationId: 'getContract',
    summary: 'Vertrag lesen',
    description: 'Ein Vertrag mit Tarifen und Merkmalen.',
    tags: ['contracts'],
    item: ContractSchema,
    notFoundMessage: 'Der Vertrag wurde nicht gefunden.',
    find: findVisibleContract,
  })

  entityRoute(app, {
    url: '/api/persistence/contract-accounts/:contractAccount',
    operationId: 'getContractAccount',
    summary: 'Vertragskonto lesen',
    description: 'Ein Vertragskonto (Referenz und Kontotyp).',
    tags: ['contracts'],
    item: ContractAccountSchema,
    notFoundMessage: 'Das Vertragskonto wurde nicht gefunden.',
    find: findVisibleContractAccount,
  })
}

export default contractRoutes

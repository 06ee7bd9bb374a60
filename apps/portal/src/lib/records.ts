/** Records several features read as parts of their own screens (decision 047). */
import { ERROR, ObjectRelationsSchema, PartnerSchema } from '@portal/domain'
import type { QueryClient } from '@tanstack/react-query'
import { readRecord } from './api-query'

/** §7: what a usage unit is related to (contracts, billing objects). */
export const unitRelations = (client: QueryClient, pointOfDelivery: string) =>
  readRecord(
    client,
    `point-of-delivery-object-relations/${encodeURIComponent(pointOfDelivery)}`,
    ObjectRelationsSchema,
    ERROR.unitDetails,
  ).then((answer) => answer.items)

/** A business partner, named in contracts, invoices and a property's contacts. */
export const readPartner = (client: QueryClient, id: string, errorCode: number) =>
  readRecord(client, `partners/${encodeURIComponent(id)}`, PartnerSchema, errorCode)

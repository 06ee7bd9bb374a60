import { getRelations } from './queries'

/** §7: what a usage unit is related to (contracts, billing objects). */
export const unitRelations = (pointOfDelivery: string) =>
  getRelations(`point-of-delivery-object-relations/${encodeURIComponent(pointOfDelivery)}`)

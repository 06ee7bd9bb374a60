/** §4: status of a cost distribution (operatingCostsDistributionStatus). */
export const DISTRIBUTION_STATUS = {
  O: 'offen',
  E: 'erfasst',
  G: 'genehmigt',
  S: 'storniert',
  F: 'freigegeben',
  V: 'verteilt',
} as const
export type DistributionStatus = keyof typeof DISTRIBUTION_STATUS

/** What other modules may use of modules/costs/ (the import rules allow nothing else). */
export { autoApproveDistributions } from './auto-approval'
export { billingInformationOf } from './billing-information'
export { BVED_NO_PROPERTY_NUMBER_MESSAGE, distributionCostFile } from './bved-costs'
export { DECLINE_ACTION } from './distribution-approval'
export {
  DISTRIBUTION_NOT_FOUND_MESSAGE,
  STATUS_CHANGE_ACTION,
  changeDistributionStatusById,
  isDistributionStatus,
} from './distribution-status'
export { EXPENSE_ADDED, EXPENSE_DELETED, EXPENSE_UPDATED } from './expense-rules'
export { INVOICE_APPROVED_ACTION, INVOICE_DECLINED_ACTION } from './invoice-approval'
export { invoiceApprovalsOf } from './repositories/invoices'
export { findDistribution, findVisibleDistribution } from './repositories/operating-costs'
export type { DistributionRow } from './repositories/operating-costs'
export { CO2_SPLIT_UPDATED } from './update-co2-split'

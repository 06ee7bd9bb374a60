import { ERROR, SuccessMessageSchema, type InvoiceApprovalRequest } from '@portal/domain'
import { useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { parseAnswer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

/**
 * §4: approves or declines (with a reason) one invoice of a distribution, then reads its invoices
 * and the distribution (with its history, which lists the decision) again. Failures carry §8 code
 * 116, the code of the approval process the invoice's decision belongs to.
 */
export function useDecideInvoice(distribution: string) {
  const client = useQueryClient()
  return useIdempotentMutation({
    mutationFn: (decision: InvoiceApprovalRequest, idempotencyKey) =>
      apiRequest<unknown>('/api/processes/operating-costs/invoice-approval', {
        body: decision,
        errorCode: ERROR.distributionApproval,
        idempotencyKey,
      }).then((answer) => parseAnswer(SuccessMessageSchema, answer, ERROR.distributionApproval)),
    // the invoices lie below the distribution's key (see invoiceKeys)
    onSettled: () => client.invalidateQueries({ queryKey: dataKeys.distribution(distribution) }),
  })
}

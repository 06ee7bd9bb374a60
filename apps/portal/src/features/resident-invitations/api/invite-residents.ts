/**
 * Decision 065, "Bewohner einladen": a registration code for every current contract of a property
 * whose resident has no account yet, mailed where his business partner has an address, else on the
 * letters of the batch (`resident-letters.ts`). A user who may not see the property: 404.
 */
import { ERROR, ResidentInvitationsSchema, type ResidentInvitations } from '@portal/domain'
import { apiRequest } from '../../../lib/api-client'
import { parseAnswer } from '../../../lib/api-query'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

const path = (connection: string) =>
  `/api/persistence/connections/${encodeURIComponent(connection)}/resident-invitations`

/**
 * One batch of invitations per dialog opening: the key stays until the server answers, so that a
 * retry after a lost answer gets the same batch back instead of replacing its codes.
 */
export function useInviteResidents(connection: string) {
  return useIdempotentMutation<ResidentInvitations>({
    mutationFn: (_nothing, idempotencyKey) =>
      apiRequest<unknown>(path(connection), {
        method: 'POST',
        // §8 has no code for invitations; they are created like the tenant change reports
        errorCode: ERROR.activityAdd,
        idempotencyKey,
      }).then((answer) => parseAnswer(ResidentInvitationsSchema, answer, ERROR.activityAdd)),
  })
}

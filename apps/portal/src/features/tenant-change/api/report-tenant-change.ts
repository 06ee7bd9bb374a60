import {
  ERROR,
  TENANT_CHANGE_ACTIVITY,
  TENANT_CHANGE_OBJECT_TYPE,
  ActivityCreatedSchema,
  type TenantChange,
} from '@portal/domain'
import { useQueryClient } from '@tanstack/react-query'
import { uploadRequest } from '../../../lib/api-client'
import { parseAnswer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

/** §7: the tenant change goes as an activity (multipart, 201) with an optional attachment (error 100). */
export function useReportTenantChange() {
  const client = useQueryClient()
  return useIdempotentMutation({
    mutationFn: (
      {
        pointOfDelivery,
        payload,
        file,
      }: {
        pointOfDelivery: string
        payload: TenantChange
        file: File | null
      },
      idempotencyKey,
    ) => {
      const form = new FormData()
      form.append(
        'activity',
        JSON.stringify({
          activityType: TENANT_CHANGE_ACTIVITY,
          objectType: TENANT_CHANGE_OBJECT_TYPE,
          objectKey: pointOfDelivery,
          payload,
        }),
      )
      if (file) form.append('file', file)
      return uploadRequest<unknown>('/api/persistence/activities', form, {
        errorCode: ERROR.activityAdd,
        idempotencyKey,
      }).then((answer) => parseAnswer(ActivityCreatedSchema, answer, ERROR.activityAdd))
    },
    // the report places its interim reading order itself (decision 069)
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: dataKeys.notifications }),
        client.invalidateQueries({ queryKey: dataKeys.serviceOrders }),
      ]),
  })
}

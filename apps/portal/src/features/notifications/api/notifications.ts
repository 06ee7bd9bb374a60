import { ERROR, type Notifications } from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { getRecord } from '../../../lib/queries'

/** What the user should know, served by the server for this user. */
export function useNotifications() {
  return useQuery({
    queryKey: ['notifications'],
    queryFn: () =>
      getRecord<Notifications>('notifications', ERROR.activityAdd).then((n) => n.items),
    refetchInterval: 5 * 60_000,
  })
}

import {
  ERROR,
  type Notification,
  type Notifications,
  type NotificationsRead,
  type NotificationsReadRequest,
} from '@portal/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { newActionKey } from '../../../lib/action-key'
import { getRecord } from '../../../lib/queries'

const NOTIFICATIONS = ['notifications']

/** What the user should know, served by the server for this user, each with its read mark. */
export function useNotifications() {
  return useQuery({
    queryKey: NOTIFICATIONS,
    queryFn: () =>
      getRecord<Notifications>('notifications', ERROR.activityAdd).then((n) => n.items),
    refetchInterval: 5 * 60_000,
  })
}

/** How many notifications the user has not read yet: the bell's badge. */
export function useUnreadCount(): number {
  return useNotifications().data?.filter((n) => !n.read).length ?? 0
}

/**
 * Marks notifications read on the server (decision 023) and in the cache, so that the badge
 * clears at once. Marking twice does nothing more, so every call is an action of its own key.
 */
export function useMarkNotificationsRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: NotificationsReadRequest) =>
      apiRequest<NotificationsRead>('/api/persistence/notifications/read', {
        body: request,
        errorCode: ERROR.activityAdd,
        idempotencyKey: newActionKey(),
      }),
    onSuccess: (answer) => {
      const read = new Set(answer.read)
      client.setQueryData<Notification[]>(NOTIFICATIONS, (items) =>
        items?.map((n) => (read.has(n.id) ? { ...n, read: true } : n)),
      )
    },
  })
}

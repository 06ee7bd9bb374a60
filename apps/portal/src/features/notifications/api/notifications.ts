import {
  ERROR,
  NotificationsReadSchema,
  NotificationsSchema,
  type Notifications,
  type NotificationsReadRequest,
} from '@portal/domain'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { parseAnswer, readAnswer, type Answer } from '../../../lib/api-query'
import { newActionKey } from '../../../lib/action-key'
import { dataKeys } from '../../../lib/data-keys'

export const notificationKeys = {
  all: dataKeys.notifications,
}

const itemsOf = (answer: Answer<Notifications>) => answer.data.items

/** What the user should know, served by the server for this user, each with its read mark. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: (context) =>
      readAnswer(context, '/api/persistence/notifications', NotificationsSchema, {
        errorCode: ERROR.activityAdd,
      }),
    select: itemsOf,
    refetchInterval: 5 * 60_000,
  })

export const useNotifications = () => useQuery(notificationsQuery())

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
      apiRequest<unknown>('/api/persistence/notifications/read', {
        body: request,
        errorCode: ERROR.activityAdd,
        idempotencyKey: newActionKey(),
      }).then((answer) => parseAnswer(NotificationsReadSchema, answer, ERROR.activityAdd)),
    // the server's ETag of the marked list is not known: the next read asks without one
    onSuccess: (answer) => {
      const read = new Set(answer.read)
      client.setQueryData(
        notificationsQuery().queryKey,
        (kept) =>
          kept && {
            data: {
              ...kept.data,
              items: kept.data.items.map((n) => (read.has(n.id) ? { ...n, read: true } : n)),
            },
            etag: null,
          },
      )
    },
  })
}

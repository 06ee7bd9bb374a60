import {
  DeviceAlarmSchema,
  DeviceAlarmsSchema,
  ERROR,
  type AlarmState,
  type DeviceAlarm,
  type DeviceAlarms,
} from '@portal/domain'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { newActionKey } from '../../../lib/action-key'
import { apiRequest } from '../../../lib/api-client'
import { parseAnswer, readAnswer, type Answer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'

export const alarmKeys = { all: dataKeys.deviceAlarms }

const itemsOf = (answer: Answer<DeviceAlarms>) => answer.data.items

/** Decision 070: every alarm of the properties the user sees, in every state, newest first. */
export const deviceAlarmsQuery = () =>
  queryOptions({
    queryKey: alarmKeys.all,
    queryFn: (context) =>
      readAnswer(context, '/api/persistence/device-alarms', DeviceAlarmsSchema, {
        errorCode: ERROR.devices,
      }),
    select: itemsOf,
  })

export const useDeviceAlarms = () => useQuery(deviceAlarmsQuery())

export type AlarmChange = { id: string; state: AlarmState }

/**
 * Sets an alarm's state. Each change (alarm and state) keeps its `Idempotency-Key` until it
 * succeeds, so that a double click or a retry changes once, and a change of another alarm after a
 * failed one is an action of its own. The answer replaces the alarm in the list at once; the
 * notifications are read again (an alarm done is no longer one).
 */
export function useChangeAlarmState() {
  const client = useQueryClient()
  const keys = useRef(new Map<string, string>())
  const keyOf = ({ id, state }: AlarmChange) => `${id}\n${state}`
  return useMutation<DeviceAlarm, Error, AlarmChange>({
    mutationFn: (change) => {
      const action = keyOf(change)
      const key = keys.current.get(action) ?? newActionKey()
      keys.current.set(action, key)
      return apiRequest<unknown>(
        `/api/persistence/device-alarms/${encodeURIComponent(change.id)}`,
        {
          method: 'PATCH',
          body: { state: change.state },
          errorCode: ERROR.devices,
          idempotencyKey: key,
        },
      ).then((answer) => parseAnswer(DeviceAlarmSchema, answer, ERROR.devices))
    },
    onSuccess: (alarm, change) => {
      keys.current.delete(keyOf(change))
      // the server's ETag of the changed list is not known: the next read asks without one
      client.setQueryData(
        deviceAlarmsQuery().queryKey,
        (kept) =>
          kept && {
            data: {
              ...kept.data,
              items: kept.data.items.map((a) => (a.id === alarm.id ? alarm : a)),
            },
            etag: null,
          },
      )
      return client.invalidateQueries({ queryKey: dataKeys.notifications })
    },
  })
}

import { DeviceComplianceAnswerSchema, ERROR, type ComplianceCounts } from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOf, readAnswer } from './api-query'

/**
 * Decision 068: the devices by remote reading and calibration, of one property (`connection`) or
 * of all properties the user sees (none). Here, not in the feature, because the dashboard's tile
 * reads the portfolio's counts too (features do not import each other).
 */
export const deviceComplianceQuery = (connection: string | undefined) =>
  queryOptions({
    queryKey: ['device-compliance', connection ?? null] as const,
    queryFn: (context) =>
      readAnswer(
        context,
        `/api/persistence/device-compliance${
          connection === undefined ? '' : `?connection=${encodeURIComponent(connection)}`
        }`,
        DeviceComplianceAnswerSchema,
        { errorCode: ERROR.devices },
      ),
    select: dataOf,
  })

export const useDeviceCompliance = (connection: string | undefined) =>
  useQuery(deviceComplianceQuery(connection))

/** How many devices need the manager: to retrofit, overdue or against the rule, calibration due or expired. */
export const devicesDue = (counts: ComplianceCounts) =>
  counts.retrofitDue +
  counts.retrofitOverdue +
  counts.mustBeRemote +
  counts.calibrationDue +
  counts.calibrationExpired

/** Smoke alarms: their inspection is the provider's, and the data it delivers today has none. */
export const SMOKE_ALARM_TYPE_CLASSES: readonly string[] = ['RWM', 'RM']

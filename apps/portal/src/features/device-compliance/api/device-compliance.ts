import { DeviceComplianceAnswerSchema, ERROR } from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOf, readAnswer } from '../../../lib/api-query'

/**
 * Decision 068: the devices by remote reading and calibration, of one property (`connection`) or
 * of all properties the user sees (none).
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

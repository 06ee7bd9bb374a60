import {
  DeviceAlarmChangeSchema,
  DeviceAlarmSchema,
  DeviceAlarmsQuerySchema,
  DeviceAlarmsSchema,
} from '@portal/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../platform/http-errors'
import {
  IdempotencyHeadersSchema,
  idempotent,
  replayCompletedRequest,
} from '../../../platform/http/idempotency'
import { CHANGE } from '../../../platform/http/openapi-operations'
import {
  ALARM_NOT_FOUND_MESSAGE,
  changeAlarmState,
  findVisibleAlarm,
  listDeviceAlarms,
} from '../device-alarms'

/** An alarm the user may not see answers 404 before its body is looked at. */
async function assertVisible(request: FastifyRequest) {
  const { id } = request.params as { id?: string }
  const row =
    id === undefined ? undefined : await findVisibleAlarm(request.server.db, request.user, id)
  if (!row) throw notFound(ALARM_NOT_FOUND_MESSAGE)
}

/** Decision 070: the alarms the daily job computes, and their state set by the manager. */
const deviceAlarmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/persistence/device-alarms',
    {
      schema: {
        operationId: 'listDeviceAlarms',
        summary: 'Alarme aus den Messwerten',
        description:
          'Die Alarme der sichtbaren Liegenschaften, die der tägliche Lauf aus den Messwerten findet (Verbrauch trotz Leerstand, Funkgerät sendet nicht, Verbrauch weit über dem Durchschnitt, rückläufiger Zählerstand), neueste zuerst; mit `connection` die einer Liegenschaft (nicht sichtbar: 404), mit `state` die eines Zustands.',
        tags: ['devices'],
        errors: [404],
        querystring: DeviceAlarmsQuerySchema,
        response: { 200: DeviceAlarmsSchema },
      },
    },
    async (request) => ({ items: await listDeviceAlarms(app.db, request.user, request.query) }),
  )

  app.patch(
    '/api/persistence/device-alarms/:id',
    {
      preValidation: [replayCompletedRequest, assertVisible],
      schema: {
        operationId: 'changeDeviceAlarmState',
        summary: 'Zustand eines Alarms setzen',
        description:
          'Setzt den Zustand eines Alarms: offen → gesehen oder erledigt, gesehen → offen oder erledigt, erledigt → offen (sonst 409 INVALID_STATUS_TRANSITION). Derselbe Zustand noch einmal ändert nichts. Ein nicht sichtbarer Alarm: 404.',
        tags: ['devices'],
        errors: [...CHANGE],
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        headers: IdempotencyHeadersSchema,
        body: DeviceAlarmChangeSchema,
        response: { 200: DeviceAlarmSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, (db) =>
        changeAlarmState(db, request.user, request.params.id, request.body.state),
      ),
  )
}

export default deviceAlarmRoutes

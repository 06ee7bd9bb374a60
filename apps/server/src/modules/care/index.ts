/** What other modules may use of modules/care/ (decisions 069 and 070: service orders, daily alarms). */
export { raiseAlarms, type AlarmRun } from './alarms'
export { ALARMS_JOB, startAlarmsJob } from './alarms-job'
export { ALARMS_USAGE, runAlarmCommand, type AlarmCommandContext } from './commands'
export { alarmLink } from './device-alarms'
export {
  SERVICE_ORDER_CREATED,
  createTenantChangeOrder,
  reportServiceOrderStatus,
} from './service-orders'

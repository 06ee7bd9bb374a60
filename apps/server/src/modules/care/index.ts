/** What other modules may use of modules/care/ (decision 069: service orders). */
export {
  SERVICE_ORDER_CREATED,
  createTenantChangeOrder,
  reportServiceOrderStatus,
} from './service-orders'

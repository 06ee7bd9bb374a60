/**
 * Service orders (issue 31, decision 069): what a manager orders from the provider between two
 * bills, the states the provider reports back and which state may follow which. Pure rules; the
 * server stores the orders and the provider's reports.
 */

/** The kinds of order, with their German names. */
export const SERVICE_ORDER_KINDS = {
  ZM: 'Zwischenablesung mit Abrechnung',
  ZO: 'Zwischenablesung ohne Abrechnung',
  WH: 'Wiederholungsablesung',
  GT: 'Gerätetausch',
  NR: 'Nachrüstung (Funk)',
} as const
export type ServiceOrderKind = keyof typeof SERVICE_ORDER_KINDS
export const SERVICE_ORDER_KIND_CODES = Object.keys(SERVICE_ORDER_KINDS) as [
  ServiceOrderKind,
  ...ServiceOrderKind[],
]

/** The readings of one usage unit: they need the unit. */
export const UNIT_ORDER_KINDS: readonly ServiceOrderKind[] = ['ZM', 'ZO', 'WH']
/** An exchange names the devices to exchange. */
export const DEVICE_ORDER_KINDS: readonly ServiceOrderKind[] = ['GT']
/** The order a tenant change report places by itself: an interim reading with billing. */
export const TENANT_CHANGE_ORDER_KIND: ServiceOrderKind = 'ZM'

/** The states of an order, with their German names. */
export const SERVICE_ORDER_STATUSES = {
  /** ordered by the manager, not yet received by the provider */
  BESTELLT: 'bestellt',
  /** the provider has received it */
  EINGEGANGEN: 'eingegangen',
  /** the provider has planned it for a day (plannedDate) */
  GEPLANT: 'geplant',
  ERLEDIGT: 'erledigt',
  /** cancelled by the provider, with a reason */
  STORNIERT: 'storniert',
} as const
export type ServiceOrderStatus = keyof typeof SERVICE_ORDER_STATUSES
export const SERVICE_ORDER_STATUS_CODES = Object.keys(SERVICE_ORDER_STATUSES) as [
  ServiceOrderStatus,
  ...ServiceOrderStatus[],
]
/** The state a new order starts in. */
export const INITIAL_SERVICE_ORDER_STATUS: ServiceOrderStatus = 'BESTELLT'

/**
 * Which state may follow which. A planned order may be planned again (a new day); an order that
 * is done or cancelled stays so. The provider may skip states: an order can be done the day it
 * is received.
 */
export const SERVICE_ORDER_TRANSITIONS: Readonly<
  Record<ServiceOrderStatus, readonly ServiceOrderStatus[]>
> = {
  BESTELLT: ['EINGEGANGEN', 'GEPLANT', 'ERLEDIGT', 'STORNIERT'],
  EINGEGANGEN: ['GEPLANT', 'ERLEDIGT', 'STORNIERT'],
  GEPLANT: ['GEPLANT', 'ERLEDIGT', 'STORNIERT'],
  ERLEDIGT: [],
  STORNIERT: [],
}

export const isServiceOrderKind = (code: string): code is ServiceOrderKind =>
  Object.hasOwn(SERVICE_ORDER_KINDS, code)
export const isServiceOrderStatus = (code: string): code is ServiceOrderStatus =>
  Object.hasOwn(SERVICE_ORDER_STATUSES, code)

/** The German name of a kind, or the code itself for one this version does not know. */
export const serviceOrderKindLabel = (code: string): string =>
  isServiceOrderKind(code) ? SERVICE_ORDER_KINDS[code] : code
/** The German name of a state, or the code itself for one this version does not know. */
export const serviceOrderStatusLabel = (code: string): string =>
  isServiceOrderStatus(code) ? SERVICE_ORDER_STATUSES[code] : code

/** Whether an order in state `from` may move to `to`. */
export function canChangeServiceOrderStatus(from: string, to: string): boolean {
  return isServiceOrderStatus(from) && isServiceOrderStatus(to)
    ? SERVICE_ORDER_TRANSITIONS[from].includes(to)
    : false
}

/** Whether nothing may follow the state any more. */
export const isFinalServiceOrderStatus = (status: string): boolean =>
  isServiceOrderStatus(status) && SERVICE_ORDER_TRANSITIONS[status].length === 0

/** The German answer to a report that the order's state does not allow. */
export function serviceOrderTransitionMessage(from: string, to: string): string {
  const was = serviceOrderStatusLabel(from)
  return isFinalServiceOrderStatus(from)
    ? `Der Auftrag ist bereits ${was}; sein Status kann nicht mehr geändert werden.`
    : `Ein Auftrag im Status „${was}“ kann nicht auf „${serviceOrderStatusLabel(to)}“ gesetzt werden.`
}

export const WISHED_DATE_IN_PAST_MESSAGE =
  'Der Wunschtermin darf nicht in der Vergangenheit liegen.'

/** Whether a wished day is allowed on `today` (both ISO days): today or later. */
export const isWishedDateAllowed = (wishedDate: string, today: string): boolean =>
  wishedDate >= today

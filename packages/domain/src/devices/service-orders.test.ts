import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CANCEL_REASON_NOT_ALLOWED_MESSAGE,
  CANCEL_REASON_REQUIRED_MESSAGE,
  PLANNED_DATE_NOT_ALLOWED_MESSAGE,
  PLANNED_DATE_REQUIRED_MESSAGE,
  SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE,
  SERVICE_ORDER_KIND_MESSAGE,
  SERVICE_ORDER_TARGET_REQUIRED_MESSAGE,
  SERVICE_ORDER_UNIT_REQUIRED_MESSAGE,
  ServiceOrderRequestSchema,
  ServiceOrderStatusReportSchema,
} from '../schemas/service-orders'
import { DATE_DOES_NOT_EXIST_MESSAGE } from '../validation/values'
import {
  canChangeServiceOrderStatus,
  isFinalServiceOrderStatus,
  isWishedDateAllowed,
  SERVICE_ORDER_STATUS_CODES,
  serviceOrderKindLabel,
  serviceOrderStatusLabel,
  serviceOrderTransitionMessage,
  WISHED_DATE_IN_PAST_MESSAGE,
  type ServiceOrderStatus,
} from './service-orders'

describe('the states of a service order', () => {
  const allowed: [ServiceOrderStatus, ServiceOrderStatus][] = [
    ['BESTELLT', 'EINGEGANGEN'],
    ['BESTELLT', 'GEPLANT'],
    ['BESTELLT', 'ERLEDIGT'],
    ['BESTELLT', 'STORNIERT'],
    ['EINGEGANGEN', 'GEPLANT'],
    ['EINGEGANGEN', 'ERLEDIGT'],
    ['EINGEGANGEN', 'STORNIERT'],
    ['GEPLANT', 'GEPLANT'],
    ['GEPLANT', 'ERLEDIGT'],
    ['GEPLANT', 'STORNIERT'],
  ]
  const every = SERVICE_ORDER_STATUS_CODES.flatMap((from) =>
    SERVICE_ORDER_STATUS_CODES.map((to) => [from, to] as [ServiceOrderStatus, ServiceOrderStatus]),
  )
  const forbidden = every.filter(([from, to]) => !allowed.some(([a, b]) => a === from && b === to))

  it.each(allowed)('%s may move to %s', (from, to) => {
    expect(canChangeServiceOrderStatus(from, to)).toBe(true)
  })

  it.each(forbidden)('%s may not move to %s', (from, to) => {
    expect(canChangeServiceOrderStatus(from, to)).toBe(false)
  })

  it('knows 15 forbidden moves: back to BESTELLT, back from GEPLANT, anything after the end', () => {
    expect(forbidden).toHaveLength(15)
    expect(canChangeServiceOrderStatus('GEPLANT', 'EINGEGANGEN')).toBe(false)
    expect(canChangeServiceOrderStatus('EINGEGANGEN', 'EINGEGANGEN')).toBe(false)
    expect(canChangeServiceOrderStatus('BESTELLT', 'UNBEKANNT')).toBe(false)
    expect(canChangeServiceOrderStatus('UNBEKANNT', 'ERLEDIGT')).toBe(false)
  })

  it('ends with ERLEDIGT and STORNIERT only', () => {
    expect(SERVICE_ORDER_STATUS_CODES.filter(isFinalServiceOrderStatus)).toEqual([
      'ERLEDIGT',
      'STORNIERT',
    ])
  })

  it('says in German why a move is refused', () => {
    expect(serviceOrderTransitionMessage('GEPLANT', 'EINGEGANGEN')).toBe(
      'Ein Auftrag im Status „geplant“ kann nicht auf „eingegangen“ gesetzt werden.',
    )
    expect(serviceOrderTransitionMessage('ERLEDIGT', 'STORNIERT')).toBe(
      'Der Auftrag ist bereits erledigt; sein Status kann nicht mehr geändert werden.',
    )
  })

  it('names kinds and states in German, unknown codes as they are', () => {
    expect(serviceOrderKindLabel('ZM')).toBe('Zwischenablesung mit Abrechnung')
    expect(serviceOrderKindLabel('NR')).toBe('Nachrüstung (Funk)')
    expect(serviceOrderKindLabel('XY')).toBe('XY')
    expect(serviceOrderStatusLabel('STORNIERT')).toBe('storniert')
    expect(serviceOrderStatusLabel('toString')).toBe('toString')
  })
})

describe('the wished day', () => {
  it('may be today or later, not yesterday', () => {
    expect(isWishedDateAllowed('2026-03-09', '2026-03-10')).toBe(false)
    expect(isWishedDateAllowed('2026-03-10', '2026-03-10')).toBe(true)
    expect(isWishedDateAllowed('2026-03-11', '2026-03-10')).toBe(true)
    expect(isWishedDateAllowed('2027-01-01', '2026-12-31')).toBe(true)
  })
})

describe('the order request', () => {
  afterEach(() => vi.useRealTimers())
  /** The first issue's message and path, or null when the request is valid. */
  const problem = (request: object) => {
    const parsed = ServiceOrderRequestSchema.safeParse(request)
    if (parsed.success) return null
    const [issue] = parsed.error.issues
    return { message: issue!.message, path: issue!.path.join('.') }
  }

  it('takes an interim reading of a unit with a wished day and a note, trimmed', () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T10:00:00Z'), toFake: ['Date'] })
    expect(
      ServiceOrderRequestSchema.parse({
        kind: 'ZO',
        pointOfDelivery: ' VS-1 ',
        wishedDate: '2026-03-10',
        note: ' Schlüssel beim Hausmeister ',
      }),
    ).toEqual({
      kind: 'ZO',
      pointOfDelivery: 'VS-1',
      wishedDate: '2026-03-10',
      note: 'Schlüssel beim Hausmeister',
    })
  })

  it('refuses a wished day before today (Europe/Berlin), and an impossible one', () => {
    // 23:30 UTC on 9 March is 10 March in Berlin
    vi.useFakeTimers({ now: new Date('2026-03-09T23:30:00Z'), toFake: ['Date'] })
    expect(problem({ kind: 'ZM', pointOfDelivery: 'VS-1', wishedDate: '2026-03-09' })).toEqual({
      message: WISHED_DATE_IN_PAST_MESSAGE,
      path: 'wishedDate',
    })
    expect(problem({ kind: 'ZM', pointOfDelivery: 'VS-1', wishedDate: '2026-03-10' })).toBeNull()
    expect(problem({ kind: 'ZM', pointOfDelivery: 'VS-1', wishedDate: '2026-02-30' })).toEqual({
      message: DATE_DOES_NOT_EXIST_MESSAGE,
      path: 'wishedDate',
    })
  })

  it.each(['ZM', 'ZO', 'WH'])('needs a unit for %s', (kind) => {
    expect(problem({ kind, devices: ['G-1'] })).toEqual({
      message: SERVICE_ORDER_UNIT_REQUIRED_MESSAGE,
      path: 'pointOfDelivery',
    })
    expect(problem({ kind, pointOfDelivery: 'VS-1' })).toBeNull()
  })

  it('needs a device for an exchange, even with a unit', () => {
    expect(problem({ kind: 'GT', pointOfDelivery: 'VS-1' })).toEqual({
      message: SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE,
      path: 'devices',
    })
    expect(problem({ kind: 'GT', devices: [] })).toEqual({
      message: SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE,
      path: 'devices',
    })
    expect(ServiceOrderRequestSchema.parse({ kind: 'GT', devices: ['G-1', 'G-1'] })).toEqual({
      kind: 'GT',
      devices: ['G-1'],
      note: '',
    })
  })

  it('takes a retrofit of a property, a unit or devices, but not of nothing', () => {
    expect(problem({ kind: 'NR' })).toEqual({
      message: SERVICE_ORDER_TARGET_REQUIRED_MESSAGE,
      path: 'connection',
    })
    expect(problem({ kind: 'NR', connection: 'L-1' })).toBeNull()
    expect(problem({ kind: 'NR', devices: ['G-1'] })).toBeNull()
  })

  it('refuses an unknown kind, a long note and unknown fields', () => {
    expect(problem({ kind: 'XX', pointOfDelivery: 'VS-1' })).toMatchObject({
      message: SERVICE_ORDER_KIND_MESSAGE,
    })
    expect(problem({ kind: 'ZM', pointOfDelivery: 'VS-1', note: 'x'.repeat(501) })).toEqual({
      message: 'Es sind höchstens 500 Zeichen erlaubt.',
      path: 'note',
    })
    expect(problem({ kind: 'ZM', pointOfDelivery: 'VS-1', note: 'x'.repeat(500) })).toBeNull()
    expect(problem({ kind: 'ZM', pointOfDelivery: 'VS-1', status: 'ERLEDIGT' })).not.toBeNull()
  })
})

describe('the provider’s status report', () => {
  const problem = (report: object) => {
    const parsed = ServiceOrderStatusReportSchema.safeParse(report)
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message)
  }

  it('needs a day for GEPLANT and a reason for STORNIERT', () => {
    expect(problem({ status: 'GEPLANT' })).toEqual([PLANNED_DATE_REQUIRED_MESSAGE])
    expect(problem({ status: 'GEPLANT', plannedDate: '2026-04-01' })).toBeNull()
    expect(problem({ status: 'STORNIERT' })).toEqual([CANCEL_REASON_REQUIRED_MESSAGE])
    expect(problem({ status: 'STORNIERT', reason: '  ' })).toEqual([CANCEL_REASON_REQUIRED_MESSAGE])
    expect(problem({ status: 'STORNIERT', reason: 'Mieter nicht erreichbar' })).toBeNull()
  })

  it('refuses a day or a reason with a state they do not belong to', () => {
    expect(problem({ status: 'ERLEDIGT', plannedDate: '2026-04-01' })).toEqual([
      PLANNED_DATE_NOT_ALLOWED_MESSAGE,
    ])
    expect(problem({ status: 'EINGEGANGEN', reason: 'egal' })).toEqual([
      CANCEL_REASON_NOT_ALLOWED_MESSAGE,
    ])
    expect(problem({ status: 'ERLEDIGT' })).toBeNull()
    expect(problem({ status: 'OFFEN' })).not.toBeNull()
  })
})

/** The catalogue of the devices: billing objects, devices, their slices and assignments, readings. */
import { entity } from './entity'
import { boolean, date, integer, key, quantity, serial, text } from './field'
import { EXAMPLE_UNIT, periodFrom, propertyScope } from './field-groups'

export const billingObjects = entity('billing_objects', {
  key: key('AO1000000001'),
  ...propertyScope(),
  pointOfDelivery: key(EXAMPLE_UNIT),
})

export const devices = entity('devices', {
  key: key('G1000000001'),
  ...propertyScope(),
  serialNumber: text('3156710776'),
  segment: text('03'),
  typeClass: text('KW'),
  room: text('Bad').nullable(),
  installationDate: date('2017-06-15').nullable(),
  removalDate: date('2022-03-15').nullable(),
  calibrationYear: integer(2017).nullable(),
  meterClass: text('R100').nullable(),
})

export const deviceTimeSlices = entity('device_time_slices', {
  id: serial('1'),
  device: key('G1000000001'),
  ...periodFrom('2017-06-15', '2022-03-15'),
  counterPosition: text('1'),
})

export const deviceAssignments = entity('device_assignments', {
  id: serial('1'),
  device: key('G1000000001'),
  billingObject: key('AO1000000001'),
  mainMeter: boolean(false).defaulted(false),
  ...periodFrom('2017-06-15', '2022-03-15'),
})

export const readingOrders = entity('reading_orders', {
  id: serial('1'),
  ...propertyScope(),
  pointOfDelivery: key(EXAMPLE_UNIT).searchable(),
  device: key(null).nullable().searchable(),
  readingDate: date('2021-12-31').searchable(),
  readingReason: text('AB').searchable(),
})

export const measurements = entity('measurements', {
  id: serial('1'),
  ...propertyScope(),
  device: key('G1000000001'),
  pointOfDelivery: key(EXAMPLE_UNIT),
  readingDate: date('2021-06-30'),
  reading: quantity('175.428'),
  difference: quantity(null).nullable(),
  readingType: text('Funkablesung'),
  readingReason: text('ZO'),
})

/**
 * The degree days of a property's month (Gt20/15 after VDI 3807: the kelvin days below 15 °C
 * outside against 20 °C inside), as the provider delivers them, and the long-term mean of that
 * calendar month at the same place; the annual billing information adjusts the heating energy for
 * the weather with them (§ 6a Abs. 3 HeizkostenV, decision 067).
 */
export const degreeDays = entity('degree_days', {
  ...propertyScope(),
  month: key('2025-01'),
  degreeDays: quantity('468.200'),
  longTermDegreeDays: quantity('502.700'),
})

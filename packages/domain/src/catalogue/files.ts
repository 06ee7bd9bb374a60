/** The catalogue of the files and vouchers: attachments, correspondence, billing vouchers. */
import { ALLOWED_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '../codes/upload'
import { entity } from './entity'
import { NOW, amount, code, date, integer, key, sha256, text, timestamp, uuid } from './field'
import { EXAMPLE_PROPERTY, period, propertyScope } from './field-groups'

const MEDIA_TYPES = Object.values(ALLOWED_UPLOAD_TYPES) as [string, ...string[]]
const ATTACHMENT = '5eed0002-0000-4000-8000-000000000004'

export const attachments = entity('attachments', {
  attachment: uuid('5eed0002-0000-4000-8000-000000000001').searchable(),
  ...propertyScope(),
  objectType: text('KORRESPONDENZ').searchable(),
  objectKey: text(`${EXAMPLE_PROPERTY}-2020`).searchable(),
  fileName: text(`Gesamtabrechnung_${EXAMPLE_PROPERTY}-2020.pdf`).searchable(),
  mediaType: code(MEDIA_TYPES, 'application/pdf'),
  size: integer(1393, { min: 0, max: MAX_UPLOAD_BYTES }),
  sha256: sha256('e06cee429d8834d9ed5646d0450f200bcc44d4519d5d85ca4c2bad86f48c16f4'),
  note: text('Gesamtabrechnung 2020').nullable(),
  link: text(null).nullable(),
  uploadedBy: text(null).nullable().searchable(),
  createdAt: timestamp('2021-06-20T11:00:00+00:00').defaulted(NOW).searchable(),
})

export const correspondences = entity('correspondences', {
  id: key('KR1000000001').searchable(),
  ...propertyScope(),
  form: text('HVWZ_HV').searchable(),
  key: text(`${EXAMPLE_PROPERTY}-2022`).searchable(),
  voucherNumber: text('AR1000000001').searchable(),
  contract: key('VT1000000004').nullable().searchable(),
  businessPartner: key('P1000000007').nullable(),
  pointOfDelivery: key('V1000000002').nullable().searchable(),
  ...period('2022-01-01', '2022-12-31'),
  documentDate: date('2023-06-20').searchable(),
  dueDate: date('2023-07-20').nullable().searchable(),
  attachment: uuid(ATTACHMENT).nullable(),
})

export const billingVouchers = entity('billing_vouchers', {
  billingVoucher: key('AB1000000001').searchable(),
  invoiceVoucher: text('AR1000000001').searchable(),
  ...propertyScope(),
  operatingCostsDistribution: key(`${EXAMPLE_PROPERTY}-2022`).searchable(),
  contract: key('VT1000000004').nullable().searchable(),
  contractAccount: key('VK1000000004').nullable().searchable(),
  businessPartner: key('P1000000007').nullable(),
  pointOfDelivery: key('V1000000002').nullable().searchable(),
  ...period('2022-01-01', '2022-12-31'),
  documentDate: date('2023-06-20').searchable(),
  dueDate: date('2023-07-20').nullable().searchable(),
  amount: amount('-336.45').nullable(),
  attachment: uuid(ATTACHMENT).nullable(),
})

export const vouchers = entity('vouchers', {
  voucherNr: key('AR1000000001').searchable(),
  position: integer(1).searchable(),
  ...propertyScope(),
  voucherDate: date('2023-06-20').searchable(),
  dueDate: date('2023-07-20').nullable(),
  contract: key('VT1000000004').nullable().searchable(),
  contractAccount: key('VK1000000004').nullable().searchable(),
  pointsOfDeliveryReference: text('NE-0002').nullable(),
  locationAddendum: text('EG Mitte').nullable(),
  utilisationUnit: text('002').nullable(),
  contractExternalNumber: text('MV-2021-00004').nullable(),
  name1: text('Merle').nullable(),
  name2: text('Lauckner').nullable(),
  amount: amount('29.57').nullable(),
})

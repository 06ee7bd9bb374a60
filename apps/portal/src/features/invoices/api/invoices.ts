import {
  contractName,
  ERROR,
  INVOICE_CORRESPONDENCE_FORM,
  INVOICE_VOUCHER_PREFIX,
  isInvoiceVoucher,
  BillingVoucherSchema,
  CorrespondenceSchema,
  PointOfDeliverySchema,
  VoucherSchema,
  type InvoiceApproval,
} from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOf, eq, readRecord, readSearch, searchAnswer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'
import { readPartner } from '../../../lib/records'

/** The invoices lie below their distribution: a decision on one makes both stale. */
export const invoiceKeys = {
  list: (distribution: string) => [...dataKeys.distribution(distribution), 'invoices'] as const,
  voucher: (voucherNr: string) => ['voucher', voucherNr] as const,
}

export type InvoiceRow = {
  id: string
  voucherNumber: string
  contract: string | null
  from: string | null
  until: string | null
  documentDate: string
  dueDate: string | null
  name: string
  usageUnit: string
  attachment: string | null
  isCorrespondence: boolean
  /** §4: the user's decision on an invoice; always null for a correspondence (a letter). */
  approval: InvoiceApproval | null
}

/**
 * §7 Invoices of a distribution: its billing vouchers whose invoiceVoucher starts with AR and its
 * correspondences of form HVWZ_HV, with the partner's name and the usage unit (error 124).
 */
export const invoicesQuery = (distribution: string) =>
  queryOptions({
    queryKey: invoiceKeys.list(distribution),
    queryFn: async ({ client }): Promise<InvoiceRow[]> => {
      const [vouchers, letters] = await Promise.all([
        readSearch(
          client,
          'billing-vouchers',
          [
            eq('operatingCostsDistribution', distribution),
            { property: 'invoiceVoucher', type: 'startsWith', value: INVOICE_VOUCHER_PREFIX },
          ],
          BillingVoucherSchema,
          ERROR.invoices,
        ),
        readSearch(
          client,
          'correspondences',
          [eq('form', INVOICE_CORRESPONDENCE_FORM), eq('key', distribution)],
          CorrespondenceSchema,
          ERROR.invoices,
        ),
      ])
      const names = new Map<string, Promise<string>>()
      const units = new Map<string, Promise<string>>()
      const nameOf = (id: string | null) => {
        if (!id) return Promise.resolve('')
        if (!names.has(id))
          names.set(
            id,
            readPartner(client, id, ERROR.invoices).then(contractName, () => id),
          )
        return names.get(id)!
      }
      const unitOf = (id: string | null) => {
        if (!id) return Promise.resolve('')
        if (!units.has(id)) {
          units.set(
            id,
            readRecord(
              client,
              `points-of-delivery/${encodeURIComponent(id)}`,
              PointOfDeliverySchema,
              ERROR.invoices,
            ).then(
              (p) => [p.reference, p.locationAddendum].filter(Boolean).join(' · '),
              () => id,
            ),
          )
        }
        return units.get(id)!
      }
      const invoiceRows = vouchers.filter(isInvoiceVoucher).map(async (v) => ({
        id: v.billingVoucher,
        voucherNumber: v.invoiceVoucher,
        contract: v.contract,
        from: v.from,
        until: v.until,
        documentDate: v.documentDate,
        dueDate: v.dueDate,
        name: await nameOf(v.businessPartner),
        usageUnit: await unitOf(v.pointOfDelivery),
        attachment: v.attachment,
        isCorrespondence: false,
        approval: v.approval,
      }))
      const letterRows = letters.map(async (c) => ({
        id: c.id,
        voucherNumber: c.voucherNumber,
        contract: c.contract,
        from: c.from,
        until: c.until,
        documentDate: c.documentDate,
        dueDate: c.dueDate,
        name: await nameOf(c.businessPartner),
        usageUnit: await unitOf(c.pointOfDelivery),
        attachment: c.attachment,
        isCorrespondence: true,
        approval: null,
      }))
      return Promise.all([...invoiceRows, ...letterRows])
    },
  })

export const useInvoices = (distribution: string) => useQuery(invoicesQuery(distribution))

/** §7 voucher details by voucher number. */
export const voucherQuery = (voucherNr: string) =>
  queryOptions({
    queryKey: invoiceKeys.voucher(voucherNr),
    queryFn: (context) =>
      searchAnswer(context, 'voucher', [eq('voucherNr', voucherNr)], VoucherSchema, ERROR.invoices),
    select: dataOf,
  })

export const useVoucher = (voucherNr: string | null) =>
  useQuery({ ...voucherQuery(voucherNr ?? ''), enabled: voucherNr !== null })

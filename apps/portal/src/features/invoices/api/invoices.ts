import {
  contractName,
  ERROR,
  INVOICE_CORRESPONDENCE_FORM,
  INVOICE_VOUCHER_PREFIX,
  isInvoiceVoucher,
  type BillingVoucher,
  type Correspondence,
  type InvoiceApproval,
  type Voucher,
} from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { eq, getPartner, getRecord, searchAll, searchWhere } from '../../../lib/queries'
import type { PointOfDelivery } from '@portal/domain'

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
export function useInvoices(distribution: string) {
  return useQuery({
    queryKey: ['invoices', distribution],
    queryFn: async (): Promise<InvoiceRow[]> => {
      const [vouchers, letters] = await Promise.all([
        searchAll<BillingVoucher>(
          'billing-vouchers',
          [
            eq('operatingCostsDistribution', distribution),
            { property: 'invoiceVoucher', type: 'startsWith', value: INVOICE_VOUCHER_PREFIX },
          ],
          ERROR.invoices,
        ),
        searchAll<Correspondence>(
          'correspondences',
          [eq('form', INVOICE_CORRESPONDENCE_FORM), eq('key', distribution)],
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
            getPartner(id, ERROR.invoices).then(contractName, () => id),
          )
        return names.get(id)!
      }
      const unitOf = (id: string | null) => {
        if (!id) return Promise.resolve('')
        if (!units.has(id)) {
          units.set(
            id,
            getRecord<PointOfDelivery>(
              `points-of-delivery/${encodeURIComponent(id)}`,
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
}

/** §7 voucher details by voucher number. */
export function useVoucher(voucherNr: string | null) {
  return useQuery({
    queryKey: ['voucher', voucherNr],
    enabled: voucherNr !== null,
    queryFn: () => searchWhere<Voucher>('voucher', 'voucherNr', voucherNr, ERROR.invoices),
  })
}

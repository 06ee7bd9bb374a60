/** A billed distribution's invoices, vouchers and correspondences, with their PDF files. */
import { startOfYear } from '@portal/domain'
import {
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  endOfYear,
  germanDate,
  maxDate,
  minDate,
  startOfMonth,
} from './calendar'
import { germanMoney, money, overlaps } from './format'
import type { DemoContext } from './generator-context'
import { type DistributionModel } from './generator-models'

/**
 * A distribution the provider has distributed: the overall statement for the owner and, for
 * the last three years, per contract a billing voucher, an invoice (AR…) with its PDF, the
 * correspondence HVWZ_HV that lists it and the voucher positions (heating, other costs).
 */
export function generateBilling(
  g: DemoContext,
  distribution: DistributionModel,
  totals: { heating: number; working: number },
  age: number,
): void {
  const { property, year } = distribution
  const cc = property.companyCode
  const propertyConnection = property.connection.id
  const from = startOfYear(year)
  const until = endOfYear(year)
  const documentDate = distribution.billedOn ?? g.today
  const dueDate = addDays(documentDate, 30)
  const period = `${germanDate(from)} bis ${germanDate(until)}`
  g.addAttachment(
    property,
    'KORRESPONDENZ',
    distribution.id,
    `Gesamtabrechnung_${distribution.id}.pdf`,
    [
      ...g.letterhead(property),
      { text: `Gesamtabrechnung ${year}`, size: 16, gap: 18 },
      { text: `Kostenverteilung ${distribution.id}, Zeitraum ${period}` },
      { text: `Heizkosten (umlagefähig): ${germanMoney(totals.heating)}`, gap: 12 },
      { text: `Betriebs- und Nebenkosten (umlagefähig): ${germanMoney(totals.working)}` },
      {
        text: `Eigentümer: ${property.owner.name1} ${property.owner.name2 ?? ''}`.trim(),
        gap: 12,
      },
      { text: 'Demodaten - kein echtes Dokument.', size: 8, gap: 24 },
    ],
    documentDate,
    { note: `Gesamtabrechnung ${year}` },
  )
  if (age > 3) return

  const periodDays = daysBetween(from, until) + 1
  let first = true
  for (const unit of property.units) {
    const share = unit.area / property.totalArea
    for (const contract of unit.contracts) {
      if (!overlaps(contract.from, contract.until, from, until)) continue
      const billedFrom = maxDate(contract.from, from)
      const billedUntil = contract.until === null ? until : minDate(contract.until, until)
      const fraction = (daysBetween(billedFrom, billedUntil) + 1) / periodDays
      const months = Math.round(fraction * 12)
      const heating =
        Math.round(totals.heating * share * fraction) - contract.heatingAdvance * months
      const other = Math.round(totals.working * share * fraction) - contract.otherAdvance * months
      const billingVoucher = g.nextId('AB', cc)
      const invoice = g.nextId('AR', cc)
      const name = `${contract.partner.name1} ${contract.partner.name2 ?? ''}`.trim()
      const attachment = g.addAttachment(
        property,
        'RECHNUNG',
        distribution.id,
        `Abrechnung_${invoice}.pdf`,
        [
          ...g.letterhead(property),
          { text: `Heiz- und Betriebskostenabrechnung ${year}`, size: 16, gap: 18 },
          { text: `Rechnung Nr. ${invoice}`, size: 12 },
          { text: `Belegdatum ${germanDate(documentDate)}, fällig am ${germanDate(dueDate)}` },
          {
            text: `Abrechnungszeitraum ${germanDate(billedFrom)} bis ${germanDate(billedUntil)}`,
          },
          {
            text: `Nutzeinheit ${unit.reference} (${unit.locationAddendum}), Vertrag ${contract.key}`,
            gap: 12,
          },
          { text: `Rechnungsempfänger: ${name}` },
          { text: `Heizkosten abzüglich Vorauszahlungen: ${germanMoney(heating)}`, gap: 12 },
          { text: `Betriebskosten abzüglich Vorauszahlungen: ${germanMoney(other)}` },
          {
            text: `${heating + other >= 0 ? 'Nachzahlung' : 'Guthaben'}: ${germanMoney(Math.abs(heating + other))}`,
            size: 12,
          },
          { text: 'Demodaten - keine echte Rechnung.', size: 8, gap: 24 },
        ],
        documentDate,
        { note: `Einzelabrechnung ${unit.reference} ${name}` },
      )
      // what the invoice's billing voucher and its correspondence both name
      const billed = {
        companyCode: cc,
        propertyConnection,
        contract: contract.key,
        businessPartner: contract.partner.businessPartner,
        pointOfDelivery: unit.pod,
        from: billedFrom,
        until: billedUntil,
        documentDate,
        dueDate,
        attachment,
      }
      const invoiceVoucher = {
        ...billed,
        billingVoucher,
        invoiceVoucher: invoice,
        operatingCostsDistribution: distribution.id,
        contractAccount: contract.account,
        amount: money(heating + other),
      }
      g.rows.billingVouchers.push(invoiceVoucher)
      for (const tariff of contract.tariffs) tariff.billingVoucher = billingVoucher
      g.rows.correspondences.push({
        ...billed,
        id: g.nextId('KR', cc),
        form: 'HVWZ_HV',
        key: distribution.id,
        voucherNumber: invoice,
      })
      ;[heating, other].forEach((amount, index) => {
        g.rows.vouchers.push({
          voucherNr: invoice,
          position: index + 1,
          companyCode: cc,
          propertyConnection,
          voucherDate: documentDate,
          dueDate,
          contract: contract.key,
          contractAccount: contract.account,
          pointsOfDeliveryReference: unit.reference,
          locationAddendum: unit.locationAddendum,
          utilisationUnit: unit.position,
          contractExternalNumber: contract.externalNumber,
          name1: contract.partner.name1,
          name2: contract.partner.name2 ?? '',
          amount: money(amount),
        })
      })
      if (first && contract.until === null) {
        // The new advance payment plan: a billing voucher of the same contract that is no invoice
        // (not AR…).
        first = false
        g.rows.billingVouchers.push({
          ...invoiceVoucher,
          billingVoucher: g.nextId('AB', cc),
          invoiceVoucher: g.nextId('AP', cc),
          from: startOfMonth(addMonths(documentDate, 1)),
          until: endOfMonth(addMonths(documentDate, 12)),
          amount: money((contract.heatingAdvance + contract.otherAdvance) * 12),
          attachment: null,
        })
      }
    }
  }
}

/** A cancelled distribution keeps the reversal documents (ST…) of its first contracts. */
export function generateCancelledVouchers(g: DemoContext, distribution: DistributionModel): void {
  const { property, year } = distribution
  const from = startOfYear(year)
  const until = endOfYear(year)
  for (const unit of property.units.slice(0, 3)) {
    const contract = unit.contracts.find((c) => overlaps(c.from, c.until, from, until))
    if (!contract) continue
    g.rows.billingVouchers.push({
      billingVoucher: g.nextId('AB', property.companyCode),
      invoiceVoucher: g.nextId('ST', property.companyCode),
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      operatingCostsDistribution: distribution.id,
      contract: contract.key,
      contractAccount: contract.account,
      businessPartner: contract.partner.businessPartner,
      pointOfDelivery: unit.pod,
      from,
      until,
      documentDate: distribution.statusChangedOn,
      dueDate: null,
      amount: '0.00',
      attachment: null,
    })
  }
}

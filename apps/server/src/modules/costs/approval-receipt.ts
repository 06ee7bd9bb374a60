/**
 * The receipt of a decision (decision 034): a PDF of what was approved or declined, by whom and
 * when (one page, unless a long reason needs more), with the snapshot's hash and the audit entry's
 * place and hash in the chain.
 */
import {
  formatAmount,
  formatDate,
  TIME_ZONE,
  type ApprovalSnapshot,
  type HistoryEntry,
} from '@portal/domain'
import { buildPdf, type PdfFile, type PdfLine } from '../../platform/files/pdf'

/** The same answer for an entry that does not exist, has no receipt or is not the user's. */
export const RECEIPT_NOT_FOUND_MESSAGE =
  'Zu diesem Eintrag des Verlaufs gibt es keinen Beleg. Belege gibt es für Genehmigungen und Ablehnungen.'

const AMOUNT_X = 400
const APPORTIONABLE_X = 480
const PERIOD_X = 250
/** Lines of costs that fit the page beside the head and the hashes. */
const MAX_LINES = 24

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'medium',
})

const period = (from: string | null, until: string | null) =>
  from && until ? `${formatDate(from)} - ${formatDate(until)}` : ''
const euro = (value: string | null) => (value === null ? '' : formatAmount(value))

function subjectLines(snapshot: ApprovalSnapshot): PdfLine[] {
  const lines: PdfLine[] = [
    {
      text: 'Kostenverteilung',
      columns: [{ text: snapshot.operatingCostsDistribution, x: PERIOD_X }],
    },
    { text: 'Anschluss', columns: [{ text: snapshot.propertyConnection, x: PERIOD_X }] },
    {
      text: 'Abrechnungszeitraum',
      columns: [{ text: period(snapshot.period.from, snapshot.period.until), x: PERIOD_X }],
    },
  ]
  const invoice = snapshot.invoice
  if (invoice) {
    lines.push(
      { text: 'Rechnung', columns: [{ text: invoice.invoiceVoucher, x: PERIOD_X }] },
      { text: 'Belegdatum', columns: [{ text: formatDate(invoice.documentDate), x: PERIOD_X }] },
      ...(invoice.dueDate
        ? [{ text: 'Fällig am', columns: [{ text: formatDate(invoice.dueDate), x: PERIOD_X }] }]
        : []),
      ...(invoice.document
        ? [
            { text: 'Dokument', columns: [{ text: invoice.document.fileName, x: PERIOD_X }] },
            { text: `SHA-256 des Dokuments: ${invoice.document.sha256}`, size: 8 },
          ]
        : []),
    )
  }
  return lines
}

function costLines(snapshot: ApprovalSnapshot): PdfLine[] {
  if (snapshot.lines.length === 0) return []
  const shown = snapshot.lines.slice(0, MAX_LINES)
  const lines: PdfLine[] = [
    {
      text: 'Kostenart',
      bold: true,
      gap: 10,
      size: 9,
      columns: [
        { text: 'Zeitraum', x: PERIOD_X },
        { text: 'Betrag', x: AMOUNT_X },
        { text: 'umlagefähig', x: APPORTIONABLE_X },
      ],
    },
    ...shown.map((line) => ({
      text: line.costType ? `${line.costType} (${line.tariffComponent})` : line.tariffComponent,
      size: 9,
      columns: [
        { text: period(line.from, line.until), x: PERIOD_X },
        { text: euro(line.amount), x: AMOUNT_X },
        { text: euro(line.apportionableAmount), x: APPORTIONABLE_X },
      ],
    })),
  ]
  if (snapshot.lines.length > shown.length) {
    lines.push({
      text: `... und ${snapshot.lines.length - shown.length} weitere Zeilen; der Hash unten umfasst alle ${snapshot.lines.length}.`,
      size: 9,
    })
  }
  return lines
}

/** The receipt of a history entry that has one. */
export function approvalReceiptPdf(
  entry: HistoryEntry & { receipt: NonNullable<HistoryEntry['receipt']> },
): PdfFile {
  const { snapshot, snapshotHash, entryHash } = entry.receipt
  const approved = snapshot.decision === 'approved'
  const subject = snapshot.subject === 'invoice' ? 'der Rechnung' : 'der Kostenverteilung'
  const title = `Beleg zur ${approved ? 'Genehmigung' : 'Ablehnung'} ${subject}`
  const lines: PdfLine[] = [
    { text: title, size: 16, bold: true },
    {
      text: `${approved ? 'Genehmigt' : 'Abgelehnt'} von ${entry.userName} am ${berlinTime.format(new Date(entry.at))}`,
      gap: 6,
      wrap: true,
    },
    // a reason of up to 2,000 characters: wrapped within the page, on to the next if need be
    ...(snapshot.reason ? [{ text: `Begründung: ${snapshot.reason}`, wrap: true }] : []),
    { text: '', size: 4 },
    ...subjectLines(snapshot),
    ...costLines(snapshot),
    ...snapshot.totals.map((total, index) => ({
      text: total.label,
      bold: true,
      size: 9,
      gap: index === 0 ? 8 : 0,
      columns: [
        { text: euro(total.amount), x: AMOUNT_X },
        { text: euro(total.apportionableAmount), x: APPORTIONABLE_X },
      ],
    })),
    { text: 'Nachweis', bold: true, gap: 14 },
    { text: `SHA-256 des Entscheidungsstands: ${snapshotHash}`, size: 8 },
    { text: `Protokolleintrag Nr. ${entry.sequence}, Hash: ${entryHash}`, size: 8 },
    {
      text: 'Der Eintrag ist Teil der Hash-Kette des Protokolls: jede spätere Änderung, Einfügung',
      size: 8,
      gap: 4,
    },
    { text: 'oder Löschung wird bei der Prüfung des Protokolls erkannt.', size: 8 },
  ]
  return buildPdf(title, lines)
}

/**
 * The registration letters of one invitation batch (decision 065): per resident a page in the form
 * of a DIN 5008 letter (form B: sender line and address in the window 45 mm from the top and
 * 20 mm from the left), his code and the portal's address, and his latest monthly information on
 * the next page. Codes that were used, replaced or have expired are left out.
 */
import { formatDate, formatMonth, formatRegistrationCode, toIsoDate } from '@portal/domain'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core'
import { openText } from '../../platform/auth/secret-box'
import { buildPdf, POINTS_PER_MM, type PdfFile, type PdfLine } from '../../platform/files/pdf'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database, Executor } from '../../platform/persistence/database'
import {
  companyCodes,
  contracts,
  pointsOfDelivery,
  residentInvitations,
  residentNotices,
} from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { consumptionInformationLines } from '../consumption/index'
import { openInvitation, registrationUrl, sealContext } from './invitations'
import { NOTICE_ACTIONS } from './notices'
import { tenancyConsumption } from './resident-consumption'
import { joinTenancy, TENANCY_COLUMNS, tenancyOf, type Tenancy } from './tenancy'

/** DIN 5008 form B: the address field begins 45 mm from the top, 20 mm from the left edge. */
const ADDRESS_LEFT = 20 * POINTS_PER_MM
/** The sender line sits at the bottom of the field's 17.7 mm note zone. */
const SENDER_LINE_TOP = (45 + 15) * POINTS_PER_MM
/** The recipient's first line: the address zone below the note zone. */
const ADDRESS_TOP = (45 + 17.7 + 4) * POINTS_PER_MM
/** Below the address field (45 + 45 mm) the letter's text begins. */
const TEXT_TOP = (45 + 45 + 15) * POINTS_PER_MM

export interface LetterBatch {
  pdf: PdfFile
  /** One page (and its information page) per resident. */
  residents: number
}

/** What a letter needs beside the tenancy: its sender. */
const SENDER_COLUMNS = { sender: companyCodes.name, senderCity: companyCodes.city }

/** The tenancy and sender joined to `query` from the contract `contract` names. */
const joinRecipient = <T extends PgSelect>(query: T, contract: PgColumn) =>
  joinTenancy(query, contract).innerJoin(
    companyCodes,
    eq(companyCodes.companyCode, contracts.companyCode),
  )

/** The recipient's information of `month` as the letter's next page, or why there is none. */
async function informationPage(
  db: Executor,
  user: SessionUser,
  tenancy: Tenancy,
  month: string | null,
): Promise<PdfLine[]> {
  const { report, reference, address } = await tenancyConsumption(db, user, tenancy)
  const shown = month ?? report.months.at(-1)
  if (shown && report.user && report.months.includes(shown)) {
    return consumptionInformationLines({ reference, address }, report.user, report, shown).map(
      (line, index): PdfLine => (index === 0 ? { ...line, newPage: true } : line),
    )
  }
  return [
    {
      text: 'Eine monatliche Verbrauchsinformation liegt für Sie noch nicht vor: sie beginnt mit Ihrem ersten vollen Monat in der Wohnung.',
      wrap: true,
      gap: 12,
    },
  ]
}

/** The letters of `batch` of `property`; the caller has checked that `user` may see the property. */
export async function residentLetters(
  db: Executor,
  user: SessionUser,
  settings: { publicUrl: string; sealKey: Uint8Array },
  property: string,
  batch: string,
  now = new Date(),
): Promise<LetterBatch> {
  const rows = await joinRecipient(
    db
      .select({
        ...TENANCY_COLUMNS,
        ...SENDER_COLUMNS,
        id: residentInvitations.id,
        codeSealed: residentInvitations.codeSealed,
        expiresAt: residentInvitations.expiresAt,
      })
      .from(residentInvitations)
      .$dynamic(),
    residentInvitations.contract,
  )
    .where(
      and(
        eq(residentInvitations.batch, batch),
        eq(residentInvitations.propertyConnection, property),
        eq(residentInvitations.companyCode, user.companyCode),
        eq(residentInvitations.channel, 'letter'),
        openInvitation,
      ),
    )
    .orderBy(asc(pointsOfDelivery.reference), asc(contracts.key))
  const lines: PdfLine[] = []
  let residents = 0
  for (const row of rows) {
    if (!row.codeSealed) continue
    residents++
    const tenancy = tenancyOf(row, 'letter')
    lines.push(
      ...letterLines({
        senderName: row.sender,
        senderCity: row.senderCity,
        tenancy,
        code: openText(settings.sealKey, sealContext(row.id), row.codeSealed),
        expiresAt: row.expiresAt,
        publicUrl: settings.publicUrl,
        today: toIsoDate(now),
      }),
      ...(await informationPage(db, user, tenancy, null)),
    )
  }
  return { pdf: buildPdf('Registrierungsschreiben Kundenportal', lines), residents }
}

/**
 * Decision 066: the letters of `month` of `property`: one per user whose notice goes by post, his
 * information of the month on the next page. The first download records the letters as produced
 * (audited); a later one prints them again.
 */
export async function noticeLetters(
  db: Database,
  user: SessionUser,
  settings: { publicUrl: string },
  property: string,
  month: string,
  now = new Date(),
): Promise<LetterBatch> {
  const rows = await joinRecipient(
    db
      .select({
        ...TENANCY_COLUMNS,
        ...SENDER_COLUMNS,
        id: residentNotices.id,
        produced: residentNotices.letterProducedAt,
      })
      .from(residentNotices)
      .$dynamic(),
    residentNotices.contract,
  )
    .where(
      and(
        eq(residentNotices.propertyConnection, property),
        eq(residentNotices.companyCode, user.companyCode),
        eq(residentNotices.month, month),
        eq(residentNotices.channel, 'letter'),
        eq(residentNotices.state, 'letter'),
      ),
    )
    .orderBy(asc(pointsOfDelivery.reference), asc(contracts.key))
  const lines: PdfLine[] = []
  for (const row of rows) {
    const tenancy = tenancyOf(row, 'letter')
    lines.push(
      ...noticeLetterLines({
        senderName: row.sender,
        senderCity: row.senderCity,
        tenancy,
        month,
        publicUrl: settings.publicUrl,
        today: toIsoDate(now),
      }),
      ...(await informationPage(db, user, tenancy, month)),
    )
  }
  const firstTime = rows.filter((row) => row.produced === null).map((row) => row.id)
  if (firstTime.length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .update(residentNotices)
        .set({ letterProducedAt: now })
        .where(
          and(inArray(residentNotices.id, firstTime), isNull(residentNotices.letterProducedAt)),
        )
      await writeAudit(tx, {
        userName: user.userName,
        companyCode: user.companyCode,
        action: NOTICE_ACTIONS.letters,
        entity: 'connection',
        entityKey: property,
        after: { month, letters: firstTime.length },
      })
    })
  }
  return {
    pdf: buildPdf(`Verbrauchsinformation ${formatMonth(month)} per Brief`, lines),
    residents: rows.length,
  }
}

/** The head of a letter: sender, the address in the window, place and date (DIN 5008 form B). */
function letterHead(letter: {
  senderName: string
  senderCity: string
  tenancy: Pick<Tenancy, 'name' | 'streetAddress' | 'locationAddendum' | 'postalCode' | 'city'>
  today: string
}): PdfLine[] {
  const { tenancy } = letter
  const address = [
    tenancy.name,
    tenancy.streetAddress,
    ...(tenancy.locationAddendum ? [tenancy.locationAddendum] : []),
    `${tenancy.postalCode} ${tenancy.city}`,
  ]
  return [
    { text: letter.senderName, size: 14, bold: true, newPage: true },
    {
      text: `${letter.senderName} · ${letter.senderCity}`,
      size: 7,
      top: SENDER_LINE_TOP,
      left: ADDRESS_LEFT,
    },
    ...address.map((text, index): PdfLine => ({
      text,
      size: 10,
      left: ADDRESS_LEFT,
      ...(index === 0 ? { top: ADDRESS_TOP } : {}),
    })),
    { text: `${letter.senderCity}, ${formatDate(letter.today)}`, top: TEXT_TOP, left: 400 },
  ]
}

/** One resident's registration letter page. */
export function letterLines(letter: {
  senderName: string
  senderCity: string
  tenancy: Pick<
    Tenancy,
    'name' | 'streetAddress' | 'locationAddendum' | 'postalCode' | 'city' | 'reference'
  >
  code: string
  expiresAt: Date
  publicUrl: string
  today: string
}): PdfLine[] {
  const { tenancy } = letter
  return [
    ...letterHead(letter),
    { text: 'Ihr Zugang zur monatlichen Verbrauchsinformation', bold: true, size: 12, gap: 18 },
    { text: `Nutzeinheit ${tenancy.reference}`, size: 10 },
    { text: `Guten Tag ${tenancy.name},`, gap: 18 },
    {
      text: 'nach § 6a der Heizkostenverordnung erhalten Sie jeden Monat eine Information über Ihren Verbrauch an Heizung und Warmwasser. Im Kundenportal sehen Sie sie jederzeit, mit dem Vergleich zum Vormonat, zum Vorjahresmonat und zu einer durchschnittlichen Nutzeinheit Ihrer Größe.',
      wrap: true,
      gap: 8,
    },
    { text: 'So richten Sie Ihren Zugang ein:', gap: 12 },
    { text: `1. Öffnen Sie ${registrationUrl(letter.publicUrl)}` },
    { text: '2. Geben Sie Ihren Registrierungscode ein:' },
    { text: formatRegistrationCode(letter.code), size: 16, bold: true, left: 80, gap: 4 },
    { text: '3. Wählen Sie einen Benutzernamen und ein Passwort.', gap: 4 },
    {
      text: `Der Code gilt bis zum ${formatDate(toIsoDate(letter.expiresAt))} und nur einmal. Geben Sie bei der Anmeldung eine E-Mail-Adresse an, erhalten Sie jeden Monat eine Nachricht, sobald Ihre neue Information bereitsteht; ohne E-Mail-Adresse erhalten Sie sie weiter per Brief.`,
      wrap: true,
      gap: 12,
    },
    { text: 'Ihre aktuelle Verbrauchsinformation liegt diesem Schreiben bei.', gap: 8 },
    { text: 'Mit freundlichen Grüßen', gap: 18 },
    { text: letter.senderName },
  ]
}

/** The cover page of a month's information sent by post (decision 066). */
export function noticeLetterLines(letter: {
  senderName: string
  senderCity: string
  tenancy: Pick<
    Tenancy,
    'name' | 'streetAddress' | 'locationAddendum' | 'postalCode' | 'city' | 'reference'
  >
  month: string
  publicUrl: string
  today: string
}): PdfLine[] {
  return [
    ...letterHead(letter),
    {
      text: `Ihre Verbrauchsinformation für ${formatMonth(letter.month)}`,
      bold: true,
      size: 12,
      gap: 18,
    },
    { text: `Nutzeinheit ${letter.tenancy.reference}`, size: 10 },
    { text: `Guten Tag ${letter.tenancy.name},`, gap: 18 },
    {
      text: 'nach § 6a der Heizkostenverordnung erhalten Sie mit diesem Schreiben Ihre monatliche Information über Ihren Verbrauch an Heizung und Warmwasser. Sie liegt auf der nächsten Seite bei.',
      wrap: true,
      gap: 8,
    },
    {
      text: `Im Kundenportal (${letter.publicUrl}) sehen Sie sie jeden Monat auch online; für einen Zugang fragen Sie Ihre Hausverwaltung nach einem Registrierungscode.`,
      wrap: true,
      gap: 8,
    },
    { text: 'Mit freundlichen Grüßen', gap: 18 },
    { text: letter.senderName },
  ]
}

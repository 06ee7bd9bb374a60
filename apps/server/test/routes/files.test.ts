/**
 * §7 "Files and activities", "Invoices": upload, download, delete, the searches, and that a refused
 * or aborted upload leaves no row.
 */
import {
  AttachmentSchema,
  BillingVoucherSchema,
  CorrespondenceSchema,
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_NOT_ALLOWED_MESSAGE,
  VoucherSchema,
  searchResultSchema,
  type Attachment,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  attachmentContents,
  attachments,
  auditLog,
  billingVouchers,
  operatingCostsDistributions,
} from '../../src/platform/persistence/schema'
import { multipart, SAMPLE_FILES, uploadFile, type MultipartFile } from '../fixtures/files'
import { useTestContext, useOwnedAndNotOwned, firstOf1000 } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
/** A distribution eigentuemer owns, and one of company 1000 eigentuemer does not own. */
const distributions = useOwnedAndNotOwned(
  ctx,
  'eigentuemer',
  operatingCostsDistributions.operatingCostsDistribution,
)

const UPLOAD = '/api/processes/system/file-upload'
const DOWNLOAD = '/api/processes/system/file-download'
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const attachmentCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]!.n
const contentCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(attachmentContents))[0]!.n

function upload(
  file: MultipartFile | undefined,
  options: { user?: string; objectKey?: string; note?: string } = {},
) {
  return uploadFile(
    ctx,
    as[options.user ?? 'eigentuemer']!,
    {
      objectType: 'KOSTENBELEG',
      objectKey: options.objectKey ?? distributions.owned,
      ...(options.note === undefined ? {} : { note: options.note }),
    },
    file,
  )
}

const download = (id: string, user = 'eigentuemer') =>
  ctx.app.inject({ method: 'GET', url: `${DOWNLOAD}/${id}`, headers: as[user] })

async function search<T>(url: string, filters: object[], user = 'eigentuemer') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${url}?limit=9999`,
    headers: as[user],
    payload: { filters },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ items: T[]; next: string | null }>()
}

describe('file upload and download', () => {
  it('stores a PDF with its sha256 and gives back the same bytes with safe headers', async () => {
    const response = await upload(
      {
        fileName: 'Heizölrechnung März.pdf',
        contentType: 'application/pdf',
        content: SAMPLE_FILES.pdf,
      },
      { note: 'Rechnung Heizöl' },
    )
    expect(response.statusCode, response.body).toBe(200)
    const attachment = AttachmentSchema.parse(response.json())
    expect(attachment).toMatchObject({
      objectType: 'KOSTENBELEG',
      objectKey: distributions.owned,
      fileName: 'Heizölrechnung März.pdf',
      mediaType: 'application/pdf',
      size: SAMPLE_FILES.pdf.length,
      sha256: sha256(SAMPLE_FILES.pdf),
      note: 'Rechnung Heizöl',
      uploadedBy: 'eigentuemer',
    })
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'attachment'), eq(auditLog.entityKey, attachment.attachment)))
    expect(audit).toMatchObject({ action: 'ATTACHMENT_UPLOADED', userName: 'eigentuemer' })

    const file = await download(attachment.attachment)
    expect(file.statusCode).toBe(200)
    expect(sha256(file.rawPayload)).toBe(attachment.sha256)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-length']).toBe(String(SAMPLE_FILES.pdf.length))
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Heizolrechnung Marz.pdf"; filename*=UTF-8''Heiz%C3%B6lrechnung%20M%C3%A4rz.pdf`,
    )

    // the newest first in "my files"
    const mine = await search<Attachment>('/api/persistence/attachments-search', [
      { property: 'objectKey', type: 'eq', value: distributions.owned },
      { property: 'uploadedBy', type: 'eq', value: 'eigentuemer' },
    ])
    expect(mine.items[0]?.attachment).toBe(attachment.attachment)
  })

  it.each([
    ['xlsx', 'kosten.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [
      'docx',
      'brief.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['png', 'scan.png', 'image/png'],
    ['jpeg', 'foto.jpg', 'image/jpeg'],
    ['csv', 'kosten.csv', 'text/csv'],
  ] as const)('takes %s by its content', async (sample, fileName, mediaType) => {
    const response = await upload({ fileName, content: SAMPLE_FILES[sample] })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Attachment>().mediaType).toBe(mediaType)
  })

  it('sends a CSV as stored, uncompressed with its length, also to a client that accepts Brotli', async () => {
    const content = Buffer.from(`Kostenart;Betrag\n${'Heizöl;1234,56\n'.repeat(400)}`, 'utf8')
    const response = await upload({ fileName: 'kosten.csv', content })
    expect(response.statusCode, response.body).toBe(200)
    const file = await ctx.app.inject({
      method: 'GET',
      url: `${DOWNLOAD}/${response.json<Attachment>().attachment}`,
      headers: { ...as.eigentuemer, 'accept-encoding': 'br, gzip' },
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.headers['content-length']).toBe(String(content.length))
    expect(sha256(file.rawPayload)).toBe(sha256(content))
  })

  it('refuses a file over 20 MB with 413 and stores nothing', async () => {
    const before = [await attachmentCount(), await contentCount()]
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20)
    SAMPLE_FILES.pdf.copy(big)
    const response = await upload({ fileName: 'gross.pdf', content: big })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ detail: FILE_TOO_LARGE_MESSAGE, code: 'FILE_TOO_LARGE' })
    expect([await attachmentCount(), await contentCount()]).toEqual(before)
  })

  it('refuses an .exe renamed .pdf with 415 and stores nothing', async () => {
    const before = await attachmentCount()
    const response = await upload({
      fileName: 'rechnung.pdf',
      contentType: 'application/pdf',
      content: SAMPLE_FILES.exe,
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({
      detail: FILE_TYPE_NOT_ALLOWED_MESSAGE,
      code: 'FILE_TYPE_NOT_ALLOWED',
    })
    expect(await attachmentCount()).toBe(before)
  })

  it('asks for a file when none is sent, and checks the fields', async () => {
    const none = await upload(undefined)
    expect(none.statusCode).toBe(400)
    expect(none.json<{ detail: string }>().detail).toBe(FILE_REQUIRED_MESSAGE)
    const longNote = await upload(
      { fileName: 'a.pdf', content: SAMPLE_FILES.pdf },
      { note: 'x'.repeat(501) },
    )
    expect(longNote.statusCode).toBe(400)
    expect(longNote.json<{ detail: string }>().detail).toContain('höchstens 500 Zeichen')
    const json = await ctx.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: as.eigentuemer,
      payload: { objectType: 'KOSTENBELEG', objectKey: distributions.owned },
    })
    expect(json.statusCode).toBe(415)
  })

  it('says a chosen file of 0 bytes is empty, and stores nothing', async () => {
    const before = await attachmentCount()
    const empty = await upload({
      fileName: 'rechnung.pdf',
      contentType: 'application/pdf',
      content: Buffer.alloc(0),
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({
      detail: 'Die Datei ist leer.',
      code: 'FILE_EMPTY',
      field: 'file',
    })
    expect(await attachmentCount()).toBe(before)
  })

  it('answers 404 for a distribution the user does not see, and stores nothing', async () => {
    const before = await attachmentCount()
    for (const [user, objectKey] of [
      ['eigentuemer', distributions.notOwned],
      ['fremd', distributions.owned],
      ['eigentuemer', 'gibt-es-nicht'],
    ] as const) {
      const response = await upload(
        { fileName: 'a.pdf', content: SAMPLE_FILES.pdf },
        { user, objectKey },
      )
      expect(response.statusCode, `${user} ${objectKey}`).toBe(404)
    }
    expect(await attachmentCount()).toBe(before)
  })

  it('leaves no row when the upload is aborted halfway', async () => {
    const before = [await attachmentCount(), await contentCount()]
    const body = multipart(
      { objectType: 'KOSTENBELEG', objectKey: distributions.owned },
      { fileName: 'halb.pdf', content: Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(200_000)]) },
    )
    const response = await ctx.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...as.eigentuemer, ...body.headers },
      payload: body.payload.subarray(0, Math.floor(body.payload.length / 2)),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ code: string }>().code).toBe('UPLOAD_ABORTED')
    expect([await attachmentCount(), await contentCount()]).toEqual(before)
  })

  it('stores path-traversal and header-injection names harmlessly', async () => {
    const traversal = await upload({ fileName: '../../etc/passwd.pdf', content: SAMPLE_FILES.pdf })
    expect(traversal.statusCode, traversal.body).toBe(200)
    expect(traversal.json<Attachment>().fileName).toBe('passwd.pdf')

    const injection = await upload({
      fileName: 'a"\r\nSet-Cookie: x=1.pdf',
      content: SAMPLE_FILES.pdf,
    })
    // a raw CR/LF ends the part header: busboy takes the name up to the quote, or refuses
    if (injection.statusCode === 200) {
      const stored = injection.json<Attachment>()
      expect(stored.fileName).not.toMatch(/["\r\n]/)
      const file = await download(stored.attachment)
      expect(file.headers['set-cookie']).toBeUndefined()
      expect(file.headers['content-disposition']).not.toMatch(/[\r\n]/)
    } else {
      expect(injection.statusCode).toBe(400)
    }

    // the same name with percent escapes, which busboy keeps as they are
    const escaped = await upload({
      fileName: 'a%22%0D%0ASet-Cookie: x=1.pdf',
      content: SAMPLE_FILES.pdf,
    })
    expect(escaped.statusCode, escaped.body).toBe(200)
    const stored = escaped.json<Attachment>()
    expect(stored.fileName).not.toMatch(/["\r\n]/)
    const file = await download(stored.attachment)
    expect(file.statusCode).toBe(200)
    expect(file.headers['set-cookie']).toBeUndefined()
    expect(String(file.headers['content-disposition'])).toMatch(
      /^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+^`|-]*$/,
    )
  })
})

describe('file delete and visibility', () => {
  it('lets only the uploader delete; everyone else gets 404', async () => {
    const created = (
      await upload({ fileName: 'loeschen.pdf', content: SAMPLE_FILES.pdf })
    ).json<Attachment>()
    const remove = (user: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/persistence/attachments/${created.attachment}`,
        headers: as[user],
      })
    // verwalter sees the file (same company code) but did not upload it
    expect((await download(created.attachment, 'verwalter')).statusCode).toBe(200)
    expect((await remove('verwalter')).statusCode).toBe(404)
    expect((await remove('fremd')).statusCode).toBe(404)
    expect((await download(created.attachment, 'fremd')).statusCode).toBe(404)
    expect((await remove('eigentuemer')).statusCode).toBe(204)
    expect((await download(created.attachment)).statusCode).toBe(404)
    expect((await remove('eigentuemer')).statusCode).toBe(404)
    const rows = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attachmentContents)
      .where(eq(attachmentContents.attachment, created.attachment))
    expect(rows[0]!.n).toBe(0)
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'ATTACHMENT_DELETED'), eq(auditLog.entityKey, created.attachment)),
      )
    expect(audit?.userName).toBe('eigentuemer')
  })

  it('answers 404 for a malformed or unknown id', async () => {
    expect((await download('nicht-da')).statusCode).toBe(404)
    expect((await download('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  })

  it('keeps attachments of another company out of the search and the download', async () => {
    const [foreign] = await ctx.database.db
      .select({ id: attachments.attachment })
      .from(attachments)
      .where(eq(attachments.companyCode, '1000'))
      .limit(1)
    expect((await download(foreign!.id, 'fremd')).statusCode).toBe(404)
    const found = await search<Attachment>(
      '/api/persistence/attachments-search',
      [{ property: 'attachment', type: 'eq', value: foreign!.id }],
      'fremd',
    )
    expect(found.items).toEqual([])
  })
})

describe('invoices', () => {
  it('lists only AR billing vouchers of the distribution when filtered with startsWith AR', async () => {
    const withInvoice = await firstOf1000(
      ctx,
      billingVouchers.operatingCostsDistribution,
      sql`${billingVouchers.invoiceVoucher} like 'AR%'`,
      sql`exists (select 1 from ${billingVouchers} b2 where b2.operating_costs_distribution = ${billingVouchers.operatingCostsDistribution} and b2.invoice_voucher not like 'AR%')`,
    )
    const distribution = withInvoice
    const all = await search<unknown>(
      '/api/persistence/billing-vouchers-search',
      [{ property: 'operatingCostsDistribution', type: 'eq', value: distribution }],
      'verwalter',
    )
    const invoices = searchResultSchema(BillingVoucherSchema).parse(
      await search<unknown>(
        '/api/persistence/billing-vouchers-search',
        [
          { property: 'operatingCostsDistribution', type: 'eq', value: distribution },
          { property: 'invoiceVoucher', type: 'startsWith', value: 'AR' },
        ],
        'verwalter',
      ),
    ).items
    expect(invoices.length).toBeGreaterThan(0)
    expect(invoices.length).toBeLessThan(all.items.length)
    for (const item of invoices) {
      expect(item.invoiceVoucher.startsWith('AR')).toBe(true)
      expect(item.operatingCostsDistribution).toBe(distribution)
    }

    const correspondences = searchResultSchema(CorrespondenceSchema).parse(
      await search<unknown>(
        '/api/persistence/correspondences-search',
        [
          { property: 'form', type: 'eq', value: 'HVWZ_HV' },
          { property: 'key', type: 'eq', value: distribution },
        ],
        'verwalter',
      ),
    ).items
    expect(correspondences.length).toBeGreaterThan(0)
    const invoice = correspondences[0]!
    expect(invoice.attachment).not.toBeNull()
    const pdf = await download(invoice.attachment!, 'verwalter')
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const vouchers = searchResultSchema(VoucherSchema).parse(
      await search<unknown>(
        '/api/persistence/voucher-search',
        [{ property: 'voucherNr', type: 'eq', value: invoices[0]!.invoiceVoucher }],
        'verwalter',
      ),
    ).items
    expect(vouchers.length).toBeGreaterThan(0)
    for (const voucher of vouchers) expect(voucher.voucherNr).toBe(invoices[0]!.invoiceVoucher)
    const foreign = await search<unknown>(
      '/api/persistence/voucher-search',
      [{ property: 'voucherNr', type: 'eq', value: invoices[0]!.invoiceVoucher }],
      'fremd',
    )
    expect(foreign.items).toEqual([])
  })
})

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { checkScreen, expect, signIn, test } from '../fixtures'
import { openDistribution, openDistributionAsManager } from '../pages/costs'

// Uploads and approvals change the demo data: a server of its own.
test.use({ serverGroup: 'files' })

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  )
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

test('upload a cost document, find it first in my files, download the same bytes, delete it', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const original = pdf('Heizöl-Rechnung März')
  await page.getByRole('button', { name: 'Kostenbeleg hochladen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Kostenbeleg hochladen' })
  await dialog.getByRole('button', { name: 'Hochladen' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Bitte wählen Sie eine Datei aus.')
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'Heizöl März.pdf', mimeType: 'application/pdf', buffer: original })
  await dialog.getByLabel('Notiz').fill('Lieferung vom 3. März')
  await checkScreen(page, 'cost-file-upload')
  await dialog.getByRole('button', { name: 'Hochladen' }).click()
  await expect(dialog.getByRole('status')).toContainText('hochgeladen')
  await dialog.getByRole('button', { name: 'Schließen' }).click()

  const files = page.getByRole('table', { name: 'Meine Dateien' })
  await expect(files.locator('tbody tr').first()).toContainText('Heizöl März.pdf')
  await checkScreen(page, 'my-files')
  const downloading = page.waitForEvent('download')
  await files.getByRole('button', { name: 'Heizöl März.pdf herunterladen' }).focus()
  await page.keyboard.press('Enter')
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Heizöl März.pdf')
  expect(sha256(await readFile(await download.path()))).toBe(sha256(original))
  await expect(
    page.getByRole('status').filter({ hasText: 'Download von Heizöl März.pdf gestartet.' }),
  ).toBeAttached()

  await files.getByRole('button', { name: 'Heizöl März.pdf löschen' }).click()
  await page
    .getByRole('dialog', { name: 'Datei löschen' })
    .getByRole('button', { name: 'Löschen' })
    .click()
  await expect(files.getByText('Heizöl März.pdf')).toHaveCount(0)
})

test('a file over 20 MB and a program renamed .pdf are refused and nothing is stored', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const count = async () => {
    const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
    const response = await page.request.post('/api/persistence/attachments-search?limit=9999', {
      headers: { authorization: `Bearer ${token}` },
      data: { filters: [{ property: 'objectType', type: 'eq', value: 'KOSTENBELEG' }] },
    })
    return ((await response.json()) as { items: unknown[] }).items.length
  }
  const before = await count()
  await page.getByRole('button', { name: 'Kostenbeleg hochladen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Kostenbeleg hochladen' })
  const big = Buffer.concat([pdf('groß'), Buffer.alloc(21 * 1024 * 1024, 0x20)])
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'gross.pdf', mimeType: 'application/pdf', buffer: big })
  await dialog.getByRole('button', { name: 'Hochladen' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Die Datei ist größer als 20 MB.')

  const program = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    Buffer.alloc(2048, 1),
  ])
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: program })
  await dialog.getByRole('button', { name: 'Hochladen' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Dieser Dateityp ist nicht erlaubt.')
  expect(await count()).toBe(before)
})

test('invoices of a distribution: download an invoice PDF, see its details, approve', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'freigegeben')
  await page.getByRole('tab', { name: 'Rechnungen' }).click()
  const invoices = page.getByRole('table', { name: 'Rechnungen der Kostenverteilung' })
  const first = invoices.locator('tbody tr').first()
  await expect(first).toContainText('AR')
  await checkScreen(page, 'invoices')
  const downloading = page.waitForEvent('download')
  await first.getByRole('button', { name: /^Rechnung .* herunterladen$/ }).click()
  const download = await downloading
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-')
  await first.getByRole('button', { name: /^Details zu/ }).click()
  const details = page.getByRole('dialog', { name: /^Beleg AR/ })
  await expect(details).toContainText('Fälligkeitsdatum')
  await checkScreen(page, 'voucher-details')
  await details.getByRole('button', { name: 'Schließen' }).click()

  // exact: each invoice row has a button 'Rechnung AR… genehmigen' as well
  await page.getByRole('button', { name: 'Genehmigen', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'Verteilung genehmigen' })
    .getByRole('button', { name: 'Genehmigen' })
    .click()
  await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText('genehmigt')
})

/** Uploads a cost document to the first open distribution of the signed-in user. */
async function uploadCostDocument(page: Page, name: string, bytes: Buffer) {
  await openDistribution(page, 'offen')
  await page.getByRole('button', { name: 'Kostenbeleg hochladen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Kostenbeleg hochladen' })
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes })
  await dialog.getByRole('button', { name: 'Hochladen' }).click()
  await expect(dialog.getByRole('status')).toContainText('hochgeladen')
  await dialog.getByRole('button', { name: 'Schließen' }).click()
}

test('"Meine Daten herunterladen" holds my upload and nothing of another user', async ({
  page,
  browser,
  baseURL,
}) => {
  // another user's upload, in a browser of its own
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  await signIn(otherPage, 'eigentuemer')
  const theirs = pdf('Beleg der Eigentümerin')
  await uploadCostDocument(otherPage, 'Eigentümerin Wasser.pdf', theirs)
  await other.close()

  await signIn(page, 'verwalter')
  const mine = pdf('Beleg des Verwalters')
  await uploadCostDocument(page, 'Verwalter Strom.pdf', mine)
  await page.goto('/account')
  const section = page.getByRole('region', { name: 'Meine Daten' })
  await expect(section).toContainText('Art. 15 und 20 DSGVO')
  await checkScreen(page, 'account with my data')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Meine Daten herunterladen' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^Meine Daten verwalter \d{4}-\d{2}-\d{2}\.zip$/)
  const zip = unzipSync(await readFile(await download.path()))
  const profile = JSON.parse(strFromU8(zip['profil.json']!)) as { userName: string }
  expect(profile.userName).toBe('verwalter')
  const files = JSON.parse(strFromU8(zip['dateien.json']!)) as {
    fileName: string
    path: string
    sha256: string
  }[]
  const upload = files.find((file) => file.fileName === 'Verwalter Strom.pdf')
  expect(upload, files.map((file) => file.fileName).join(', ')).toBeDefined()
  expect(sha256(Buffer.from(zip[upload!.path]!))).toBe(sha256(mine))
  expect(upload!.sha256).toBe(sha256(mine))
  // nothing of the other user: neither the file, its name nor a trace of its bytes
  expect(files.map((file) => file.fileName)).not.toContain('Eigentümerin Wasser.pdf')
  for (const [name, bytes] of Object.entries(zip)) {
    expect(strFromU8(bytes, true), name).not.toContain('Beleg der Eigent')
    expect(strFromU8(bytes, true), name).not.toContain('Eigentümerin Wasser')
  }
  const actions = JSON.parse(strFromU8(zip['aktionen.json']!)) as { action: string }[]
  expect(actions.map((entry) => entry.action)).toContain('ATTACHMENT_UPLOADED')
})

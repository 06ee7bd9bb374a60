import { writeBvedFile, writeRecord } from '../../packages/domain/src/bved/index.ts'
import { demoBvedCostFile } from '../../apps/server/src/demo/bved-files.ts'
import { expect, test } from '../fixtures'
import { openDistributionAsManager } from '../pages/costs'

/**
 * Decision 061: the demo's bved cost file (DTK) for the open distribution of demo property
 * 1000000002 previewed, taken over, taken over again (nothing added); a file with one bad line
 * shows the error at that line and cannot be taken over.
 */
test.use({ serverGroup: 'bved-costs' })

/** The server's demo data is relative to today in Germany; the file is written for the same day. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date())

test('a bved cost file is previewed, taken over once, and a bad line is shown at its line', async ({
  page,
  checkScreen,
}) => {
  const demo = demoBvedCostFile(today)
  await openDistributionAsManager(page, 'offen')
  const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
  const year = Number(today.slice(0, 4)) - 1
  const distribution = `1000000002-${year}`
  const lineCount = async () => {
    const response = await page.request.get(`/api/persistence/operating-costs/${distribution}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(response.status()).toBe(200)
    const costs = (await response.json()) as {
      operatingCostsHeatingExpense: unknown[]
      operatingCostsWorkingExpense: unknown[]
    }
    return costs.operatingCostsHeatingExpense.length + costs.operatingCostsWorkingExpense.length
  }
  const before = await lineCount()

  const openDialog = async () => {
    await page.getByRole('button', { name: 'Kosten aus Datei übernehmen' }).click()
    return page.getByRole('dialog', { name: 'Kosten aus Datei übernehmen' })
  }
  const choose = (dialog: ReturnType<typeof page.getByRole>, bytes: Uint8Array) =>
    dialog.locator('input[type="file"]').setInputFiles({
      name: demo.fileName,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(bytes),
    })

  let dialog = await openDialog()
  await checkScreen('bved-costs-dialog')
  await choose(dialog, demo.bytes)
  await expect(dialog.getByRole('status').filter({ hasText: 'kann übernommen werden' })).toHaveText(
    'Die Datei kann übernommen werden: 6 Sätze, 5 Kostenzeilen, 0 Fehler.',
  )
  const preview = dialog.getByRole('table', { name: /Vorschau/ })
  for (const costType of [
    'Brennstoffkosten',
    'Wartung Heizungsanlage',
    'Schornsteinfeger und Immissionsmessung',
    'Wasserversorgung',
    'Müllbeseitigung',
  ]) {
    await expect(preview.getByRole('cell', { name: new RegExp(`^${costType}`) })).toBeVisible()
  }
  await expect(preview).toContainText('5.790,00 €')
  await expect(preview).toContainText('48.250,000 kWh')
  await expect(dialog).toContainText('Für die CO2-Aufteilung: Brennstoff Erdgas H (kWh).')
  await checkScreen('bved-costs-preview')
  expect(await lineCount(), 'the preview writes nothing').toBe(before)

  await dialog.getByRole('button', { name: 'Übernehmen' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('5 Kostenzeilen aus der Datei übernommen.')).toBeVisible()
  expect(await lineCount()).toBe(before + 5)
  await page.getByRole('tab', { name: 'Betriebskosten' }).click()
  await expect(
    page
      .getByRole('table', { name: /Betriebskosten/ })
      .getByText('Müllbeseitigung')
      .first(),
  ).toBeVisible()

  // the same file a second time: nothing to take over
  dialog = await openDialog()
  await choose(dialog, demo.bytes)
  await expect(dialog.getByRole('status').filter({ hasText: 'bereits' })).toHaveText(
    'Diese Datei wurde bereits in diese Verteilung übernommen; ein zweites Mal fügt sie nichts hinzu.',
  )
  await expect(dialog.getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Schließen' }).click()
  expect(await lineCount()).toBe(before + 5)

  // one bad line: its error at its line, nothing can be taken over
  const bad = writeRecord('K', {
    argeVersion: '03.05',
    customerNumber: '4711',
    propertyNumber: '471100002',
    costTypeKey: '999',
    costScope: 'H',
    invoiceDate: `${year}-06-30`,
    taxServiceKey: '00',
    fuelSlot: '1',
    amountGross: '10.00',
  })
  const withBadLine = new Uint8Array([...demo.bytes, ...writeBvedFile([bad])])
  dialog = await openDialog()
  await choose(dialog, withBadLine)
  await expect(dialog.getByRole('alert')).toContainText('Die Datei enthält Fehler')
  await expect(dialog.getByRole('table', { name: /Vorschau/ })).toContainText(
    'Zeile 7, Feld Schlüssel Kostenart (Stellen 32–34): Für den Schlüssel 999 (Tabelle K) ist in Ihrer Werteliste keine Kostenart hinterlegt.',
  )
  await expect(dialog.getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
  await checkScreen('bved-costs-preview-with-error')
  await page.setViewportSize({ width: 320, height: 720 })
  await checkScreen('bved-costs-preview-with-error at 320 px')
})

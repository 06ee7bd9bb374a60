import { readFile } from 'node:fs/promises'
import { unzipSync, strFromU8 } from 'fflate'
import { readSheet } from 'read-excel-file/node'
import { checkScreen, expect, field, signIn, test } from '../fixtures'
import {
  chooseCostType,
  fillAmounts,
  grossTotal,
  openCostEntry,
  openDistributionAsManager,
  showCostList,
} from '../pages/costs'
import { firstUnitLink } from '../pages/navigation'

/**
 * Decision 032, the figures follow the law to the cent (decision 036): "Vorjahreswerte übernehmen"
 * never doubles a cost type recorded this year; a negative amount of an ordinary cost type is
 * refused at its field and a total of zero is asked about; an exported XLSX has number cells with
 * the screen's decimals (decision 030).
 */

// Cost entry changes the demo data: a server of its own.
test.use({ serverGroup: 'cost-figures' })

const NEGATIVE_MESSAGE = 'Ein negativer Betrag ist nur für Gutschriften zulässig.'

test('take-over offers no cost type recorded this year, so it creates no second line', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const heating = await showCostList(page, 'Heiz- und Nebenkosten')
  const fuelRows = heating.getByRole('row', { name: /Brennstoffkosten/ })
  await expect(fuelRows.first()).toBeVisible()
  const fuelLines = await fuelRows.count()
  const before = await grossTotal(page)

  await page.getByRole('button', { name: 'Vorjahreswerte übernehmen' }).click()
  const takeOver = page.getByRole('dialog', { name: 'Vorjahreswerte übernehmen' })
  // last year's fuel is recorded this year: shown with this year's amount, without amount fields
  const fuel = takeOver.getByRole('group', { name: /^Brennstoffkosten/ })
  await expect(fuel.first()).toContainText(/In diesem Jahr bereits erfasst: [\d.]+,\d{2}\s€/)
  for (const group of await fuel.all()) await expect(group.getByRole('textbox')).toHaveCount(0)
  await checkScreen(page, 'take-over-recorded-cost-type')

  const maintenance = takeOver.getByRole('group', { name: /^Wartung Heizungsanlage/ })
  await maintenance.getByLabel('Betrag gesamt (brutto)').fill('480,00')
  await maintenance.getByLabel('Betrag umlagefähig').fill('480,00')
  await takeOver.getByRole('button', { name: 'Zeilen übernehmen' }).click()
  await expect(takeOver).toBeHidden()
  await expect.poll(() => grossTotal(page)).toBe(before + 48000)
  await expect(fuelRows).toHaveCount(fuelLines)
  await expect(heating.getByRole('row', { name: /Wartung Heizungsanlage/ })).toHaveCount(1)
})

test('a negative amount of an ordinary cost type is refused at the field; zero is asked about', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const before = await grossTotal(page)
  const entry = await openCostEntry(page)
  await chooseCostType(page, entry, 'Betriebsstrom Heizungsanlage')
  await fillAmounts(page, '-100,00', '-100,00')
  await entry.getByRole('button', { name: 'Speichern' }).click()
  for (const label of ['Betrag gesamt (brutto)', 'Betrag umlagefähig']) {
    await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, label)).toHaveAccessibleDescription(NEGATIVE_MESSAGE)
  }
  await checkScreen(page, 'cost-entry-negative-amount')

  // a credit note may be negative
  await chooseCostType(page, entry, 'Gutschrift Heizkosten')
  // (another value than before: the same one is no change, and the field is not checked again)
  await fillAmounts(page, '-250,00', '-250,00')
  await expect(entry.getByText(NEGATIVE_MESSAGE)).toHaveCount(0)

  // zero is saved only when confirmed
  await chooseCostType(page, entry, 'Betriebsstrom Heizungsanlage')
  await fillAmounts(page, '0,00', '0,00')
  await entry.getByRole('button', { name: 'Speichern' }).click()
  const question = page.getByRole('dialog', { name: 'Wirklich speichern?' })
  await expect(question).toContainText('Der Betrag gesamt ist 0,00 €.')
  await checkScreen(page, 'cost-entry-zero-question')
  await question.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(question).toBeHidden()
  await expect(entry).toBeVisible()
  await entry.getByRole('button', { name: 'Speichern' }).click()
  await question.getByRole('button', { name: 'Trotzdem speichern' }).click()
  // the question covers the entry dialog: both close once the line is saved
  await expect(question).toBeHidden()
  await expect(entry).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Kosten wurden gespeichert.' }),
  ).toBeVisible()
  expect(await grossTotal(page)).toBe(before)
})

test('readings export as number cells with three decimals, as the screen shows them', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  await page.goto('/properties/1000000002')
  await firstUnitLink(page).click()
  const readings = page.getByRole('table', { name: 'Messwerte' })
  await expect(readings.locator('tbody tr').first()).not.toContainText('Daten werden geladen')
  const headers = (await readings.locator('thead th').allInnerTexts()).map((text) => text.trim())
  const readingIndex = headers.indexOf('Zählerstand')
  expect(readingIndex).toBeGreaterThanOrEqual(0)
  const shown = await readings
    .locator('tbody tr')
    .evaluateAll(
      (rows, index) =>
        rows.map((row) => (row.querySelectorAll('th, td')[index] as HTMLElement).innerText.trim()),
      readingIndex,
    )

  // the unit page's lazily loaded panels have arrived: none moves the menu while it is clicked
  await expect(page.getByRole('heading', { name: 'Verbrauch je Monat' })).toBeVisible()
  await expect(page.getByText('Daten werden geladen')).toHaveCount(0)
  await page.getByRole('button', { name: 'Messwerte exportieren' }).click()
  await expect(page.getByRole('menuitem', { name: /XLSX/ })).toBeVisible()
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /XLSX/ }).click(),
  ])
  const bytes = await readFile(await file.path())
  const [sheetHeaders, ...rows] = await readSheet(bytes)
  const column = sheetHeaders!.indexOf('Zählerstand')
  const values = rows.map((row) => row[column])
  // numbers, not text, to the thousandth as on screen ('465.950,723')
  for (const value of values) expect(typeof value).toBe('number')
  expect(
    values.slice(0, shown.length).map((value) =>
      (value as number).toLocaleString('de-DE', {
        minimumFractionDigits: 3,
        maximumFractionDigits: 3,
      }),
    ),
  ).toEqual(shown)
  // and the cells show three decimals in Excel too
  const styles = strFromU8(unzipSync(new Uint8Array(bytes))['xl/styles.xml']!)
  expect(styles).toContain('formatCode="#,##0.000"')
})

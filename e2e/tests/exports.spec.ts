import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { readSheet } from 'read-excel-file/node'
import { checkScreen, chooseOption, expect, test } from '../fixtures'
import { openDistributionAsManager, showCostList } from '../pages/costs'

/**
 * Decision 030, exports: a table exports what it shows (search and sort applied, every page) as XLSX,
 * read back here, and as CSV for German Excel.
 */

/** '1.234,56 €' → 1234.56 */
const euros = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'))

async function download(page: Page, table: string, format: RegExp) {
  await page.getByRole('button', { name: `${table} exportieren` }).click()
  const menuItem = page.getByRole('menuitem', { name: format })
  await expect(menuItem).toBeVisible()
  const [file] = await Promise.all([page.waitForEvent('download'), menuItem.click()])
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) }
}

/** The cells of every row of the table, as shown. */
async function shownRows(table: Locator) {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) =>
          (cell as HTMLElement).innerText.trim(),
        ),
      ),
    )
}

test('the cost table exports what it shows as XLSX and as CSV for German Excel', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const table = await showCostList(page, 'Heiz- und Nebenkosten')
  await expect(table.locator('tbody tr').first()).toBeVisible()
  // the largest amount first, every row on one page
  const amountHeader = table.getByRole('columnheader', { name: 'Betrag gesamt' })
  // each click once the one before has re-sorted: a second click during the re-render is lost
  await amountHeader.getByRole('button').click()
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending')
  await amountHeader.getByRole('button').click()
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending')
  await chooseOption(page.getByRole('combobox', { name: /Zeilen pro Seite/ }), { name: 'Alle' })
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim())
  const shown = await shownRows(table)
  expect(shown.length).toBeGreaterThan(1)
  const nameIndex = headers.indexOf('Kostenart')
  const amountIndex = headers.indexOf('Betrag gesamt')

  await page.getByRole('button', { name: 'Heiz- und Nebenkosten exportieren' }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  await checkScreen(page, 'export-menu')
  await page.keyboard.press('Escape')

  const xlsx = await download(page, 'Heiz- und Nebenkosten', /XLSX/)
  expect(xlsx.name).toMatch(/^heiz-und-nebenkosten-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const sheet = await readSheet(xlsx.bytes)
  const [sheetHeaders, ...sheetRows] = sheet
  expect(sheetHeaders!.slice(0, 3)).toEqual(['Kostenart', 'Bemerkung', 'Umlageschlüssel'])
  expect(sheetHeaders).toEqual(expect.arrayContaining(['Betrag gesamt', 'Von', 'Bis', 'Menge']))
  const sheetAmount = sheetHeaders!.indexOf('Betrag gesamt')
  // the same rows in the same order, the amount a number to the cent
  expect(sheetRows.map((row) => row[0])).toEqual(shown.map((row) => row[nameIndex]))
  expect(sheetRows.map((row) => row[sheetAmount])).toEqual(
    shown.map((row) => euros(row[amountIndex]!)),
  )
  // dates are dates
  const from = sheetRows[0]![sheetHeaders!.indexOf('Von')]
  expect(from).toBeInstanceOf(Date)

  // the search applies: only the rows it keeps
  const first = shown[0]![nameIndex]!
  await page.getByRole('searchbox', { name: 'Suchen', exact: true }).fill(first)
  const matches = (row: string[]) => row.join(' ').toLowerCase().includes(first.toLowerCase())
  await expect.poll(async () => (await shownRows(table)).every(matches)).toBe(true)
  const kept = await shownRows(table)
  const csv = await download(page, 'Heiz- und Nebenkosten', /CSV/)
  expect(csv.name).toMatch(/\.csv$/)
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = csv.bytes.toString('utf8').slice(1).split('\r\n')
  expect(lines[0]!.split(';').slice(0, 4)).toEqual([
    'Kostenart',
    'Bemerkung',
    'Umlageschlüssel',
    'Betrag gesamt',
  ])
  expect(lines.slice(1, -1)).toHaveLength(kept.length)
  for (const [index, line] of lines.slice(1, -1).entries()) {
    const amount = kept[index]![amountIndex]!.replace(/[^\d,-]/g, '')
    // German decimal comma, no thousands separator
    expect(line).toContain(`;${amount.replace(/\./g, '')}`)
  }
})

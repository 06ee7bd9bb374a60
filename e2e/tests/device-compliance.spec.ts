import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { readSheet } from 'read-excel-file/node'
import { chooseOption, expect, test } from '../fixtures'

/**
 * Decision 068: the dashboard's tile while devices are due, the devices of all properties by
 * remote reading and calibration (/devices), one property's devices on its page, each list
 * exportable; axe with every rule at 320 and 1440 px.
 */

async function download(page: Page, table: string, format: RegExp) {
  await page.getByRole('button', { name: `${table} exportieren` }).click()
  const menuItem = page.getByRole('menuitem', { name: format })
  await expect(menuItem).toBeVisible()
  const [file] = await Promise.all([page.waitForEvent('download'), menuItem.click()])
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) }
}

/** The first cell of every row of the table, as shown. */
const firstCells = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => (row.querySelector('th, td') as HTMLElement).innerText.trim()),
    )

async function checkWidths(page: Page, name: string, checkScreen: (name: string) => Promise<void>) {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(`${name}-${width}`)
  }
}

test('the dashboard tile leads to every property’s counts; a property lists its devices; both export', async ({
  page,
  login,
  checkScreen,
}) => {
  await login('verwalter')
  const tile = page.getByRole('region', { name: 'Geräte: Fernablesung und Eichung' })
  await expect(tile).toContainText(/[1-9]\d* bis 31\.12\.2026 nachzurüsten/)
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0)
  await checkWidths(page, 'device-compliance-dashboard', checkScreen)

  await tile.getByRole('link', { name: 'Fällige Geräte aller Liegenschaften ansehen' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Geräte aller Liegenschaften' }),
  ).toBeVisible()
  const main = page.getByRole('main')
  await expect(main).toContainText(/Bis 31\.12\.2026 nachzurüsten: [1-9]\d*/)
  const table = main.getByRole('table', {
    name: 'Liegenschaften nach Fernablesung und Eichung ihrer Geräte',
  })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  await checkWidths(page, 'device-compliance-portfolio', checkScreen)
  // a phone shows the property and its counts in the row's details, without a sideways scroll
  await page.setViewportSize({ width: 320, height: 900 })
  await expect(table.getByRole('columnheader', { name: 'Anschrift' })).toBeHidden()
  await expect
    .poll(() =>
      table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth),
    )
    .toBeLessThanOrEqual(0)
  const details = table.getByRole('button', { name: /^Einzelheiten zu/ }).first()
  await details.click()
  const shown = page.locator(`[id="${await details.getAttribute('aria-controls')}"]`)
  await expect(shown).toBeVisible()
  await expect(shown).toContainText(/Nachzurüsten\s*\d+/)
  await details.click()
  await expect(shown).toHaveCount(0)
  await page.setViewportSize({ width: 1440, height: 900 })

  // sorted by what is to be retrofitted, most first
  await page.setViewportSize({ width: 1440, height: 900 })
  const column = table.getByRole('columnheader', { name: 'Nachzurüsten' })
  await column.getByRole('button').click()
  if ((await column.getAttribute('aria-sort')) !== 'descending') {
    await column.getByRole('button').click()
  }
  await expect(column).toHaveAttribute('aria-sort', 'descending')
  await chooseOption(page.getByRole('combobox', { name: /Zeilen pro Seite/ }), { name: 'Alle' })
  // the export has the rows shown, in their order (every page), the counts as numbers
  const xlsx = await download(
    page,
    'Liegenschaften nach Fernablesung und Eichung ihrer Geräte',
    /XLSX/,
  )
  expect(xlsx.name).toMatch(/\.xlsx$/)
  const [headers, ...rows] = await readSheet(xlsx.bytes)
  expect(headers).toEqual(expect.arrayContaining(['Liegenschaft', 'Geräte', 'Nachzurüsten']))
  const names = rows.map((row) => row[headers!.indexOf('Liegenschaft')])
  expect(names.length).toBeGreaterThan(1)
  await expect.poll(() => firstCells(table)).toEqual(names)
  const retrofit = rows.map((row) => row[headers!.indexOf('Nachzurüsten')] as number)
  expect(retrofit[0]).toBeGreaterThan(0)
  expect([...retrofit].sort((a, b) => b - a)).toEqual(retrofit)

  await table.locator('tbody tr').first().getByRole('link').first().click()
  const panel = page.getByRole('region', { name: 'Geräte: Fernablesung und Eichung' })
  const devices = panel.getByRole('table', {
    name: 'Geräte der Liegenschaft nach Fernablesung und Eichung',
  })
  await expect(
    devices.getByRole('row', { name: /bis 31\.12\.2026 nachzurüsten/ }).first(),
  ).toBeVisible()
  const inUse = Number((await panel.textContent())!.match(/(\d+) Geräte in Betrieb/)![1])

  // every device of the property in the CSV, smoke alarms with their inspection not delivered
  const csv = await download(page, 'Geräte der Liegenschaft nach Fernablesung und Eichung', /CSV/)
  expect(csv.name).toMatch(/\.csv$/)
  const lines = csv.bytes.toString('utf8').slice(1).split('\r\n').slice(0, -1)
  const header = lines[0]!.split(';')
  expect(header).toEqual(
    expect.arrayContaining(['Seriennummer', 'Fernablesung', 'Eichung', 'Rauchwarnmelder-Prüfung']),
  )
  expect(lines.slice(1)).toHaveLength(inUse)
  const inspection = header.indexOf('Rauchwarnmelder-Prüfung')
  const type = header.indexOf('Geräteart')
  const smokeAlarms = lines.slice(1).filter((line) => line.split(';')[type] === 'Rauchwarnmelder')
  expect(smokeAlarms.length).toBeGreaterThan(0)
  for (const line of smokeAlarms) expect(line.split(';')[inspection]).toBe('nicht geliefert')

  await panel.scrollIntoViewIfNeeded()
  await checkWidths(page, 'device-compliance-property', checkScreen)
})

import type { Locator, Page } from '@playwright/test'
import { chooseOption, expect, field, signIn } from '../fixtures'

/** '1.234,56 €' as hundredths of a euro, exactly. */
export function cents(text: string): number {
  const match = /(-?[\d.]+),(\d{2})/.exec(text)
  if (!match) throw new Error(`no amount in ${text}`)
  const sign = match[1]!.startsWith('-') ? -1 : 1
  return sign * (Number(match[1]!.replace(/[-.]/g, '')) * 100 + Number(match[2]))
}

export async function grossTotal(page: Page): Promise<number> {
  const header = page.getByRole('region', { name: 'Übersicht' })
  const value = header
    .locator('dt', { hasText: 'Kosten gesamt' })
    .locator('xpath=following-sibling::dd[1]')
  return cents((await value.textContent()) ?? '')
}

/** The totals the 'Kosten erfasst' dialog asks to confirm, in hundredths of a euro. */
export async function confirmedTotals(page: Page) {
  const table = page
    .getByRole('dialog', { name: 'Kosten erfasst' })
    .getByRole('table', { name: 'Sie bestätigen diese Summen' })
  const row = async (name: string) => {
    const cells = table.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell')
    await expect(cells).toHaveCount(2)
    const [gross, apportionable] = await cells.allTextContents()
    return { gross: cents(gross!), apportionable: cents(apportionable!) }
  }
  return {
    heating: await row('Heiz- und Nebenkosten'),
    working: await row('Betriebskosten'),
    total: await row('Gesamt'),
  }
}

export async function openDistribution(page: Page, status: string) {
  await page.goto('/properties/1000000002')
  await page.getByRole('link', { name: 'Kostenverteilung öffnen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kostenverteilung' })).toBeVisible()
  await chooseOption(page.getByRole('combobox', { name: 'Kostenverteilung' }), {
    name: new RegExp(`· ${status}$`),
    first: true,
  })
  await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText(status)
}

/** Signs in as the property manager verwalter and opens a distribution (see `openDistribution`). */
export async function openDistributionAsManager(page: Page, status: string) {
  await signIn(page, 'verwalter')
  await openDistribution(page, status)
}

/** "Genehmigen", then the confirming dialog's "Genehmigen" clicked once or twice. */
export async function approveDistribution(page: Page, confirm: 'click' | 'dblclick') {
  await page.getByRole('button', { name: 'Genehmigen' }).click()
  const button = page
    .getByRole('dialog', { name: 'Verteilung genehmigen' })
    .getByRole('button', { name: 'Genehmigen' })
  await (confirm === 'click' ? button.click() : button.dblclick())
}

/** The cost lists of a distribution: a tab each, its lines a table of the same name. */
export type CostList = 'Heiz- und Nebenkosten' | 'Betriebskosten'

/** Shows the tab of a cost list and answers its table. */
export async function showCostList(page: Page, list: CostList): Promise<Locator> {
  await page.getByRole('tab', { name: list }).click()
  return page.getByRole('table', { name: list })
}

/** "Neue Kosten erfassen": answers the entry dialog it opens. */
export async function openCostEntry(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Neue Kosten erfassen' }).click()
  return page.getByRole('dialog', { name: 'Neue Kosten erfassen' })
}

/** Chooses the cost list in the entry dialog. */
export async function chooseCostList(dialog: Locator, list: CostList) {
  await chooseOption(dialog.getByRole('combobox', { name: 'Kostenliste' }), { name: list })
}

/** Picks the first offered entry of a value-list select in the entry dialog. */
async function chooseFirst(page: Page, label: string) {
  await chooseOption(page.getByRole('dialog').getByRole('combobox', { name: label }))
}

/**
 * Chooses the cost type in the entry dialog, then the first offered object, reference and
 * allocation key.
 */
export async function chooseCostType(page: Page, dialog: Locator, costType: string) {
  await chooseOption(dialog.getByRole('combobox', { name: 'Kostenart' }), {
    name: costType,
    exact: true,
  })
  for (const select of ['Objekt', 'Bezug', 'Umlageschlüssel']) await chooseFirst(page, select)
}

/** Types the gross and the apportionable amount of the open cost dialog. */
export async function fillAmounts(page: Page, gross: string, apportionable: string) {
  await field(page, 'Betrag gesamt (brutto)').fill(gross)
  await field(page, 'Betrag umlagefähig').fill(apportionable)
}

/**
 * Adds a line of a cost type the list does not hold yet for the period (a second line would be
 * asked about first, decision 036).
 */
export async function addLine(
  page: Page,
  list: CostList,
  costType: string,
  gross: string,
  apportionable: string,
) {
  const dialog = await openCostEntry(page)
  await expect(dialog).toBeVisible()
  await chooseCostList(dialog, list)
  await chooseCostType(page, dialog, costType)
  await fillAmounts(page, gross, apportionable)
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(dialog).toBeHidden()
}

/** "löschen" on a cost line, then the confirming dialog's "Löschen" clicked once or twice. */
export async function deleteLine(page: Page, row: Locator, confirm: 'click' | 'dblclick') {
  await row.getByRole('button', { name: /löschen$/ }).click()
  const button = page
    .getByRole('dialog', { name: 'Kostenzeile löschen' })
    .getByRole('button', { name: 'Löschen' })
  await (confirm === 'click' ? button.click() : button.dblclick())
}

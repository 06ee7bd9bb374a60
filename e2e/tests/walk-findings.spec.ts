import type { Locator, Page } from '@playwright/test'
import { checkScreen, expect, field, signIn, test } from '../fixtures'
import { openDistributionAsManager, showCostList } from '../pages/costs'

// Decision 045: what a property manager's walk through the portal found. Deleting lines changes
// the demo data: a server of its own.
test.use({ serverGroup: 'walk-findings' })

/** The first line's amount: the cell that shows a sum in euros. */
const firstAmount = (table: Locator) =>
  table
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .filter({ hasText: /\d,\d\d\s€$/ })
    .first()

/** Whether the point in the middle of `cell` shows the cell itself, not a column lying over it. */
async function showsItself(cell: Locator) {
  return cell.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return top !== null && element.contains(top)
  })
}

test('a phone shows the cost type, the amount and the actions; the rest opens below the line', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 })
    const table = await showCostList(page, 'Heiz- und Nebenkosten')
    const amount = firstAmount(table)
    await expect(amount).toBeVisible()
    // the page scrolls down to the line (the table never scrolls the page sideways)
    await amount.scrollIntoViewIfNeeded()
    await expect(amount).toBeInViewport({ ratio: 1 })
    const box = (await amount.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(width)
    expect(await showsItself(amount)).toBe(true)
    // the other columns are not cut off at the edge: they are not columns on a phone
    await expect(table.getByRole('columnheader', { name: 'Bemerkung' })).toBeHidden()
    await expect(table.getByRole('columnheader', { name: 'Kostenart' })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: 'Betrag gesamt' })).toBeVisible()
    // … but in the line's details
    const line = table.getByRole('row').nth(1)
    await line.getByRole('button', { name: /^Einzelheiten zu / }).click()
    const details = table.getByRole('row').nth(2)
    await expect(details.locator('dt', { hasText: 'Bemerkung' })).toBeVisible()
    await expect(details.locator('dt', { hasText: 'Umlageschlüssel' })).toBeVisible()
    await checkScreen(page, `walk/phone-cost-table-${width}`)
    await line.getByRole('button', { name: /^Einzelheiten zu / }).click()
  }
  // at 1440 px every column shows, and the details hold only what never was a column
  await page.setViewportSize({ width: 1440, height: 900 })
  const table = await showCostList(page, 'Heiz- und Nebenkosten')
  await expect(table.getByRole('columnheader', { name: 'Bemerkung' })).toBeVisible()
  await table
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Einzelheiten zu / })
    .click()
  await expect(table.getByRole('row').nth(2).locator('dt', { hasText: 'Bemerkung' })).toBeHidden()
})

/** The delete buttons of a cost table, in their order. */
const deleteButtons = (table: Locator) =>
  table.getByRole('button', { name: /^Kostenzeile .* löschen$/ })

/** Deletes the line of the focused delete button by keyboard alone. */
async function deleteFocusedLine(page: Page) {
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Kostenzeile löschen' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Löschen' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
}

test('after a delete the focus is on the next line’s delete button, or the previous one’s', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const table = await showCostList(page, 'Betriebskosten')
  const buttons = deleteButtons(table)
  expect(await buttons.count()).toBeGreaterThanOrEqual(3)
  const second = await buttons.nth(1).elementHandle()
  await buttons.first().focus()
  await deleteFocusedLine(page)
  await expect(page.getByRole('status').filter({ hasText: 'gelöscht' })).toHaveText(
    'Die Kostenzeile wurde gelöscht.',
  )
  await expect
    .poll(() => page.evaluate((button) => document.activeElement === button, second))
    .toBe(true)

  // the last line of the page: the line before takes the focus
  const count = await buttons.count()
  const beforeLast = await buttons.nth(count - 2).elementHandle()
  await buttons.nth(count - 1).focus()
  await deleteFocusedLine(page)
  await expect(buttons).toHaveCount(count - 1)
  await expect
    .poll(() => page.evaluate((button) => document.activeElement === button, beforeLast))
    .toBe(true)
})

/** What shows where the focus is: an outline, a ring drawn as shadow, or a field's thick border. */
function focusIndicator() {
  const element = document.activeElement as HTMLElement | null
  if (!element || element === document.body) return { name: 'body', shown: false }
  const style = getComputedStyle(element)
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
  const shadow = style.boxShadow !== 'none'
  const fieldset = element.closest('.MuiOutlinedInput-root.Mui-focused')?.querySelector('fieldset')
  const border = fieldset ? parseFloat(getComputedStyle(fieldset).borderTopWidth) >= 2 : false
  const name =
    element.getAttribute('aria-label') ??
    element.textContent?.trim().slice(0, 40) ??
    element.tagName
  return {
    name: `${element.tagName.toLowerCase()}[role=${element.getAttribute('role') ?? ''}] ${name}`,
    shown: outline || shadow || border,
    inMain: element.closest('main') !== null,
    pager: element.closest('.data-table-pager') !== null,
  }
}

test('every control of the cost page shows a focus ring, "Zeilen pro Seite" too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openDistributionAsManager(page, 'offen')
  await showCostList(page, 'Heiz- und Nebenkosten')
  await page.getByRole('heading', { level: 1 }).focus()
  const unmarked: string[] = []
  const seen: string[] = []
  for (let press = 0; press < 200; press += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(focusIndicator)
    if (!focused.inMain) break
    seen.push(focused.name)
    if (!focused.shown) unmarked.push(focused.name)
    if (focused.pager && focused.name.includes('combobox')) {
      // the page-size select, the walk's example
      await expect(page.getByRole('combobox', { name: /Zeilen pro Seite/ }).first()).toBeFocused()
    }
  }
  expect(seen.some((name) => name.includes('combobox'))).toBe(true)
  expect(unmarked).toEqual([])
})

test('leaving a changed form asks first; "Weiter bearbeiten" keeps the input, "Verwerfen" leaves', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  await page.goto('/account')
  const current = page
    .getByRole('region', { name: 'Passwort ändern' })
    .getByLabel(/^Aktuelles Passwort/)
  await current.click()
  await current.pressSequentially('Entwurf#1')
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await navigation.getByRole('link', { name: 'Liegenschaften' }).click()
  const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' })
  await expect(question).toBeVisible()
  await expect(question).toHaveAccessibleDescription(
    'Ihre Eingaben sind noch nicht gespeichert. Wenn Sie diese Seite verlassen, gehen sie verloren.',
  )
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1')
  await checkScreen(page, 'walk/leave-question')
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click()
  await expect(question).toBeHidden()
  await expect(page).toHaveURL(/\/account$/)
  await expect(current).toHaveValue('Entwurf#1')

  // a reload asks the browser's own question; staying keeps the input
  const asked = page.waitForEvent('dialog')
  void page.evaluate(() => window.location.reload())
  const unload = await asked
  expect(unload.type()).toBe('beforeunload')
  await unload.dismiss()
  await expect(current).toHaveValue('Entwurf#1')

  await navigation.getByRole('link', { name: 'Liegenschaften' }).click()
  await question.getByRole('button', { name: 'Verwerfen' }).click()
  await expect(page).toHaveURL(/\/properties$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Liegenschaften' })).toBeVisible()
})

test('a filled cost line asks before the way back leaves the page', async ({ page }) => {
  await openDistributionAsManager(page, 'offen')
  await page.getByRole('button', { name: 'Neue Kosten erfassen' }).click()
  const entry = page.getByRole('dialog', { name: 'Neue Kosten erfassen' })
  await field(page, 'Betrag gesamt (brutto)').fill('12,34')
  await page.goBack()
  const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' })
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click()
  await expect(question).toBeHidden()
  await expect(entry).toBeVisible()
  await expect(field(page, 'Betrag gesamt (brutto)')).toHaveValue('12,34')
  await expect(page).toHaveURL(/\/costs/)
})

test('the dashboard says which billing year is open and which released, as the distributions are', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  // the demo: last year open for entry at most properties, the year before released at one
  const year = new Date().getFullYear()
  const notice = page.getByRole('main').getByRole('alert')
  await expect(notice).toHaveText(
    `Die Kostenerfassung für das Abrechnungsjahr ${year - 1} ist geöffnet.` +
      `Die Abrechnung für das Abrechnungsjahr ${year - 2} ist freigegeben und kann geprüft werden.`,
  )
  await expect(notice).not.toContainText('noch nicht geöffnet')
  await checkScreen(page, 'walk/dashboard-notice')
})

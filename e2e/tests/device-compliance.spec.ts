import { expect, test } from '../fixtures'

/**
 * Decision 068: the devices of all properties by remote reading and calibration, one property's
 * devices on its page, each exportable; axe with every rule at 320 and 1440 px.
 */
test('the portfolio counts what is due, a property lists its devices with their states', async ({
  page,
  login,
  checkScreen,
}) => {
  await login('verwalter')
  await page.goto('/properties')
  await page.getByRole('link', { name: /^Geräte aller Liegenschaften/ }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Geräte aller Liegenschaften' }),
  ).toBeVisible()
  const main = page.getByRole('main')
  await expect(main).toContainText(/Bis 31\.12\.2026 nachzurüsten: [1-9]\d*/)
  const table = main.getByRole('table', {
    name: 'Liegenschaften nach Fernablesung und Eichung ihrer Geräte',
  })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(`device-compliance-portfolio-${width}`)
  }

  // sorted by what is to be retrofitted, most first: the first property has devices to retrofit
  const column = table.getByRole('columnheader', { name: 'Nachzurüsten' })
  await column.getByRole('button').click()
  if ((await column.getAttribute('aria-sort')) !== 'descending') {
    await column.getByRole('button').click()
  }
  await expect(column).toHaveAttribute('aria-sort', 'descending')
  await table.getByRole('row').nth(1).getByRole('link').first().click()
  const panel = page.getByRole('region', { name: 'Geräte: Fernablesung und Eichung' })
  await expect(panel).toBeVisible()
  const devices = panel.getByRole('table', {
    name: 'Geräte der Liegenschaft nach Fernablesung und Eichung',
  })
  await expect(
    devices.getByRole('row', { name: /bis 31\.12\.2026 nachzurüsten/ }).first(),
  ).toBeVisible()
  await panel.scrollIntoViewIfNeeded()
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(`device-compliance-property-${width}`)
  }
})

import { expect, test } from '../fixtures'

// Demo data at scale 3: verwalter sees 36 properties, three pages of tiles.
test.use({ serverGroup: 'scale-3', seedScale: 3 })

test('dashboard of a larger customer: one page of tiles, page buttons, the page in the address', async ({
  page,
  login,
  checkScreen,
}) => {
  await login('verwalter')
  const tiles = page.getByRole('link', { name: /^Liegenschaft .* öffnen$/ })
  await expect(tiles).toHaveCount(12)
  const pages = page.getByRole('navigation', { name: 'Seiten der Liegenschaften' })
  await expect(pages.getByRole('button', { name: 'Seite 3' })).toBeVisible()
  await checkScreen('dashboard-pages')

  const firstOfPageOne = await tiles.first().getAttribute('href')
  await pages.getByRole('button', { name: 'Seite 2' }).click()
  await expect(page).toHaveURL(/\/dashboard\?seite=2$/)
  await expect(tiles).toHaveCount(12)
  expect(await tiles.first().getAttribute('href')).not.toBe(firstOfPageOne)

  // the back button comes back to the first page
  await page.goBack()
  await expect(page).toHaveURL(/\/dashboard$/)
  expect(await tiles.first().getAttribute('href')).toBe(firstOfPageOne)

  await page.getByRole('link', { name: 'Alle Liegenschaften als Tabelle durchsuchen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Liegenschaften' })).toBeVisible()
})

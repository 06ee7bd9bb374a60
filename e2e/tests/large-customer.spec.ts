import { expect, test } from '../fixtures'
import { propertyTiles } from '../pages/navigation'

// Demo data at scale 3: verwalter sees 36 properties, three pages of tiles.
test.use({ serverGroup: 'scale-3', seedScale: 3 })

test('dashboard of a larger customer: one page of tiles, page buttons, the page in the address', async ({
  page,
  login,
  checkScreen,
}) => {
  await login('verwalter')
  const tiles = propertyTiles(page)
  await expect(tiles).toHaveCount(12)
  const pages = page.getByRole('navigation', { name: 'Seiten der Liegenschaften' })
  await expect(pages.getByRole('button', { name: 'Seite 3' })).toBeVisible()
  await checkScreen('dashboard-pages')

  const firstOfPageOne = (await tiles.first().getAttribute('href'))!
  expect(firstOfPageOne).toMatch(/^\/properties\/\d+$/)
  await pages.getByRole('button', { name: 'Seite 2' }).click()
  await expect(page).toHaveURL(/\/dashboard\?seite=2$/)
  // the tiles of page 1 stay on screen until page 2 has arrived: wait for the new first tile
  await expect(tiles.first()).not.toHaveAttribute('href', firstOfPageOne)
  await expect(tiles).toHaveCount(12)

  // the back button comes back to the first page
  await page.goBack()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(tiles.first()).toHaveAttribute('href', firstOfPageOne)

  await page.getByRole('link', { name: 'Alle Liegenschaften als Tabelle durchsuchen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Liegenschaften' })).toBeVisible()
})

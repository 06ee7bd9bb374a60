import { expect, test } from '../fixtures'

// the read marks are the user's state: a server of their own, so no other test sees them change
test.use({ serverGroup: 'notifications' })

test('notifications name the property by address; opening them clears the badge for good', async ({
  page,
  login,
  checkScreen,
}) => {
  await login('verwalter')
  const bell = page.getByRole('link', { name: /^Benachrichtigungen,/ })
  await expect(bell).toHaveAccessibleName(/^Benachrichtigungen, \d+ ungelesen$/)
  const badge = (await bell.innerText()).trim()
  expect(Number(badge)).toBeGreaterThan(0)
  await expect(bell).toHaveAccessibleName(`Benachrichtigungen, ${badge} ungelesen`)

  await bell.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible()
  const items = page.getByRole('main').getByRole('listitem')
  await expect(items.first()).toBeVisible()
  // each names its property with street, house number, postal code and city; a tenant change its unit
  const count = await items.count()
  for (let i = 0; i < count; i++) {
    await expect(items.nth(i)).toContainText(/Liegenschaft: \S.* \d+\w*, \d{5} \S+/)
  }
  await expect(
    items
      .filter({ hasText: 'Mieterwechsel' })
      .first()
      .getByText(/^Nutzeinheit: NE-\d+/),
  ).toBeVisible()
  await expect(items.getByText('Neu', { exact: true }).first()).toBeVisible()

  await expect(bell).toHaveAccessibleName('Benachrichtigungen, keine ungelesen')
  await expect(bell).toHaveText('')
  await checkScreen('notifications-read')

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible()
  await expect(items.first()).toBeVisible()
  await expect(bell).toHaveAccessibleName('Benachrichtigungen, keine ungelesen')
  await expect(items.getByText('Neu', { exact: true })).toHaveCount(0)

  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: /^Benachrichtigungen,/ })).toHaveAccessibleName(
    'Benachrichtigungen, keine ungelesen',
  )
})

test('an unknown property says once that it is not assigned, with the way back', async ({
  page,
  login,
  checkScreen,
}) => {
  await login('verwalter')
  for (const path of [
    '/properties/9999999999',
    '/properties/9999999999/costs',
    '/properties/9999999999/units/V9999999999',
  ]) {
    await page.goto(path)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Liegenschaft nicht zugeordnet' }),
    ).toBeVisible()
    await page.waitForLoadState('networkidle')
    const main = page.getByRole('main')
    await expect(
      main.getByText('Diese Liegenschaft ist Ihrem Konto nicht zugeordnet.'),
    ).toHaveCount(1)
    await expect(main.getByRole('alert')).toHaveCount(1)
    await expect(main.getByText(/Leider ist ein Fehler aufgetreten/)).toHaveCount(0)
  }
  await checkScreen('property-not-assigned')
  await page.getByRole('link', { name: 'Zurück zu den Liegenschaften' }).click()
  await expect(page).toHaveURL(/\/properties$/)
})

test('an unknown unit of a property says once that it is not assigned', async ({ page, login }) => {
  await login('verwalter')
  await page.goto('/properties/1000000002/units/V9999999999')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nutzeinheit nicht zugeordnet' }),
  ).toBeVisible()
  await page.waitForLoadState('networkidle')
  const main = page.getByRole('main')
  await expect(main.getByText('Diese Nutzeinheit ist Ihrem Konto nicht zugeordnet.')).toHaveCount(1)
  await expect(main.getByRole('alert')).toHaveCount(1)
  await expect(main.getByText(/Leider ist ein Fehler aufgetreten/)).toHaveCount(0)
})

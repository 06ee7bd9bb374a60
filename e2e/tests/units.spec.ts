import { expect, signIn, test } from '../fixtures'
import { firstUnitLink, propertyTiles, unitsTable } from '../pages/navigation'
import { startPortal } from '../server'

test.describe('property and usage unit (issue: property detail)', () => {
  test('from the dashboard to a property, its units and a unit with every panel', async ({
    page,
    login,
    checkScreen,
  }) => {
    await login('verwalter')
    await propertyTiles(page).first().click()
    await expect(page).toHaveURL(/\/properties\/\d+$/)
    const address = page.getByRole('region', { name: 'Anschrift' })
    for (const label of ['Name', 'Namenszusatz', 'Straße', 'Hausnummer', 'Postleitzahl', 'Ort']) {
      await expect(address.getByText(label, { exact: true })).toBeVisible()
    }
    const master = page.getByRole('region', { name: 'Stammdaten der Liegenschaft' })
    await expect(master.getByText('Wohnfläche')).toBeVisible()
    await expect(master.getByText(/m²/).first()).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Ansprechpartner' }).getByText('Eigentümer'),
    ).toBeVisible()
    const units = unitsTable(page)
    await expect(units.locator('tbody tr').first()).toContainText('NE-')
    await checkScreen('property-detail')

    const firstUnit = units.locator('tbody tr').first().getByRole('link')
    const reference = (await firstUnit.textContent())!.trim()
    await firstUnit.click()
    await expect(page).toHaveURL(/\/properties\/\d+\/units\/V\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(reference)

    const contracts = page.getByRole('table', { name: 'Verträge der Nutzeinheit' })
    await expect(contracts.locator('tbody tr').first()).not.toContainText('Daten werden geladen')
    await expect(contracts.getByRole('columnheader')).toHaveText([
      /Referenz/,
      /Name/,
      /Vertragsstatus/,
      /Beginn/,
      /Ende/,
      /Kontoart/,
    ])
    expect(await contracts.locator('tbody tr').count()).toBeLessThanOrEqual(5)
    await expect(contracts.getByText(/\d{2}\.\d{2}\.\d{4}/).first()).toBeVisible()
    await expect(contracts.getByRole('img', { name: /Wohnen|Gewerbe/ }).first()).toBeVisible()
    await expect(contracts.getByText(/Aktiv|Beendet|Leerstand|Gekündigt/).first()).toBeVisible()

    const devices = page.getByRole('table', { name: 'Geräte' })
    await expect(devices.locator('tbody tr').first()).not.toContainText('Daten werden geladen')
    await expect(devices.getByText(/Hauptzähler|Unterzähler/).first()).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Messwerte' }).locator('tbody tr').first(),
    ).toContainText(/\d{2}\.\d{2}\.\d{4}/)
    await expect(
      page.getByRole('table', { name: 'Ableseaufträge' }).locator('tbody tr').first(),
    ).toContainText(/\d{2}\.\d{2}\.\d{4}/)
    await checkScreen('usage-unit')

    await page.goBack()
    await expect(page).toHaveURL(/\/properties\/\d+$/)
    await expect(unitsTable(page)).toBeVisible()
  })

  test('a unit is deep-linkable and reachable by keyboard alone', async ({ page, login }) => {
    await login('verwalter')
    await propertyTiles(page).first().click()
    const link = firstUnitLink(page)
    const href = (await link.getAttribute('href'))!
    await page.goto(href)
    await expect(page.getByRole('table', { name: 'Verträge der Nutzeinheit' })).toBeVisible()
    // the last panel (reading orders, after contracts, devices and measurements) is reached by Tab
    let reachedLastPanel = false
    for (let i = 0; i < 150 && !reachedLastPanel; i++) {
      await page.keyboard.press('Tab')
      reachedLastPanel = await page.evaluate(() =>
        Boolean(document.activeElement?.closest('section[aria-labelledby="reading-orders-title"]')),
      )
    }
    expect(reachedLastPanel).toBe(true)
  })
})

test('the second customer configuration hides the account reference column', async ({
  browser,
}) => {
  const server = await startPortal({ customer: 'bergmann-abrechnung' })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await signIn(page, 'verwalter')
    await propertyTiles(page).first().click()
    await firstUnitLink(page).click()
    const contracts = page.getByRole('table', { name: 'Verträge der Nutzeinheit' })
    await expect(contracts.getByRole('columnheader').first()).toHaveText(/Name/)
    await expect(contracts.getByRole('columnheader', { name: /Referenz/ })).toHaveCount(0)
    await context.close()
  } finally {
    await server.stop()
  }
})

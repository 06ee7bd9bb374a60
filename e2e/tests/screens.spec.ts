import { chooseOption, expect, test } from '../fixtures'
import { mainNavigation, mainNavigationLink, propertyTiles } from '../pages/navigation'

test.describe('screens of a signed-in user', () => {
  test('dashboard: a tile per property with the billing-year notice', async ({
    page,
    login,
    checkScreen,
  }) => {
    await login('verwalter')
    // the notice from the distributions' states (decision 045): last year is open for entry
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .getByText(
          `Die Kostenerfassung für das Abrechnungsjahr ${new Date().getFullYear() - 1} ist geöffnet.`,
        ),
    ).toBeVisible()
    const tiles = propertyTiles(page)
    await expect(tiles).toHaveCount(12)
    await expect(tiles.first()).toContainText('Produkt:')
    await checkScreen('dashboard')
    await tiles.first().click()
    await expect(page).toHaveURL(/\/properties\/\d+$/)
    // the address is the heading, not the owner's name glued to the building type
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\S.* \d+\w*, \d{5} \S/)
    await expect(page).toHaveTitle(/^Liegenschaft /)
    await checkScreen('property')
  })

  test('properties: search, sort and page the table, open a property', async ({
    page,
    login,
    checkScreen,
  }) => {
    await login('verwalter')
    await mainNavigationLink(page, 'Liegenschaften').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Liegenschaften' })).toBeVisible()
    const table = page.getByRole('table', { name: 'Ihre Liegenschaften' })
    const bodyRows = table.locator('tbody tr')
    await expect(bodyRows).toHaveCount(10)
    await expect(page.getByText('1–10 von 12')).toBeVisible()
    await checkScreen('properties')

    await page.getByRole('button', { name: 'Zur nächsten Seite' }).click()
    await expect(bodyRows).toHaveCount(2)
    await expect(page.getByText('11–12 von 12')).toBeVisible()

    const cityHeader = table.getByRole('columnheader', { name: /Ort/ })
    await cityHeader.getByRole('button').click()
    await expect(cityHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(page.getByText('1–10 von 12')).toBeVisible()
    // the column shows postal code and city and sorts by what it shows first, the postal code
    // (decision 044)
    const places = await table.locator('tbody tr td:nth-child(3)').allTextContents()
    expect(places).toEqual([...places].sort((a, b) => a.localeCompare(b, 'de')))
    await cityHeader.getByRole('button').click()
    await expect(cityHeader).toHaveAttribute('aria-sort', 'descending')
    await cityHeader.getByRole('button').click()
    await expect(cityHeader).not.toHaveAttribute('aria-sort', /ascending|descending/)

    await chooseOption(page.getByRole('combobox', { name: /Zeilen pro Seite/ }), { name: '25' })
    await expect(bodyRows).toHaveCount(12)

    await page.getByLabel('Suchen', { exact: true }).fill('Mainz')
    // the search goes through the address (?q=) before the table filters
    await expect(page).toHaveURL(/[?&]q=Mainz/)
    await expect.poll(() => bodyRows.count()).toBeLessThan(12)
    await expect(bodyRows.first()).toContainText('Mainz')
    await page.getByLabel('Suchen', { exact: true }).fill('gibt es sicher nicht')
    await expect(page.getByText('Keine Daten vorhanden!')).toBeVisible()
    await page.getByLabel('Suchen', { exact: true }).fill('')

    const firstLink = table.locator('tbody tr').first().getByRole('link')
    const name = (await firstLink.textContent())!.trim()
    await firstLink.click()
    // the property's name (name1, then name2) in the lines below its address
    const designation = page.getByText(/^Bezeichnung: /)
    await expect(designation).toBeVisible()
    const name1 = (await designation.textContent())!.replace(/^Bezeichnung: /, '')
    expect(name.startsWith(name1)).toBe(true)
  })

  test('FAQ: the customer’s questions open and close by keyboard', async ({
    page,
    login,
    checkScreen,
  }) => {
    await login('verwalter')
    await page.goto('/faq')
    await expect(page.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible()
    const question = page.getByRole('button', { expanded: false }).first()
    await question.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { expanded: true }).first()).toBeVisible()
    await checkScreen('faq')
  })

  test('below lg the navigation is a drawer', async ({ page, login, checkScreen }) => {
    await page.setViewportSize({ width: 800, height: 900 })
    await login('verwalter')
    const nav = mainNavigation(page)
    await expect(nav).toBeHidden()
    await page.getByRole('button', { name: 'Navigation öffnen' }).click()
    await expect(nav).toBeVisible()
    await checkScreen('navigation-drawer')
    await nav.getByRole('link', { name: 'Konto' }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(nav).toBeHidden()
  })
})

test('the accessibility statement says what the customer configuration says, signed out', async ({
  page,
}) => {
  await page.goto('/accessibility')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erklärung zur Barrierefreiheit')
  const config = (await (await page.request.get('/api/configuration/customer')).json()) as {
    customerService: { mail: string }
    accessibility: {
      lastChecked: string
      knownIssues: { heading: string }[]
      feedback: { mail: string }
      authority: { name: string; url: string }
    }
  }
  const statement = config.accessibility
  const [year, month, day] = statement.lastChecked.split('-')
  await expect(page.getByText(`Zuletzt geprüft am ${day}.${month}.${year}.`)).toBeVisible()
  await expect(page.getByText('teilweise vereinbar', { exact: false })).toBeVisible()
  for (const issue of statement.knownIssues) {
    await expect(page.getByRole('listitem').filter({ hasText: issue.heading })).toBeVisible()
  }
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: statement.feedback.mail })).toHaveAttribute(
    'href',
    `mailto:${statement.feedback.mail}`,
  )
  await expect(main.getByRole('link', { name: statement.authority.name })).toHaveAttribute(
    'href',
    statement.authority.url,
  )
})

test.describe('legal notices', () => {
  for (const [path, link, title] of [
    ['/imprint', 'Impressum', /Impressum/],
    ['/privacy', 'Datenschutz', /Datenschutz/],
    ['/terms', 'Nutzungsbedingungen', /Nutzungsbedingungen/],
    ['/accessibility', 'Barrierefreiheit', /Erklärung zur Barrierefreiheit/],
  ] as const) {
    test(`${link} is reachable from the footer, signed out and signed in`, async ({
      page,
      login,
      checkScreen,
    }) => {
      await page.goto('/authenticate')
      await page
        .getByRole('navigation', { name: 'Rechtliches' })
        .getByRole('link', { name: link })
        .click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await checkScreen(`legal${path.replace('/', '-')}`)
      await login('eigentuemer')
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(mainNavigation(page)).toBeVisible()
    })
  }
})

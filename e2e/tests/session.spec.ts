import { expect, field, signIn, test } from '../fixtures'

test.describe('guard and session (§2, §4)', () => {
  test('sends every route but /authenticate to the login when signed out', async ({
    page,
    checkScreen,
  }) => {
    for (const path of ['/', '/dashboard', '/properties', '/faq', '/account', '/gibt-es-nicht']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(/\/authenticate$/)
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
    await checkScreen('login')
  })

  test('shows the §8 message for a wrong password and stays signed out', async ({
    page,
    checkScreen,
  }) => {
    await page.goto('/authenticate')
    await page.getByLabel('Benutzername').fill('verwalter')
    await field(page, 'Passwort').fill('falsch')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText(
      'Login Fehler! Bitte überprüfen sie Benutzername und Passwort.',
    )
    await expect(alert).toContainText('Kundenservice')
    await expect(page).toHaveURL(/\/authenticate$/)
    await checkScreen('login-error')
  })

  test('signs in, keeps the session across a reload and in a new tab, and signs out', async ({
    page,
    context,
    login,
  }) => {
    await login('verwalter')
    const keys = await page.evaluate(() => ({
      session: Object.keys(sessionStorage).sort(),
      local: Object.keys(localStorage).sort(),
      user: JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>,
    }))
    expect(keys.session).toEqual(['kundenportal.bearerToken', 'kundenportal.token'])
    expect(keys.local).toEqual(expect.arrayContaining(['bearerToken', 'meta', 'user']))
    expect(keys.user).toMatchObject({ userName: 'verwalter', companyCode: '1000' })
    expect(keys.user).not.toHaveProperty('password')
    expect(keys.user.companyCodeName).toEqual(expect.any(String))

    await page.reload()
    await expect(page).toHaveURL(/\/dashboard$/)

    // a new tab has an empty session storage: the auto-login restores it from local storage
    const second = await context.newPage()
    await second.goto('/properties')
    await expect(second.getByRole('heading', { level: 1, name: 'Liegenschaften' })).toBeVisible()
    await second.close()

    const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
    await page.getByRole('button', { name: 'Benutzermenü öffnen' }).click()
    await page.getByRole('menuitem', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/authenticate$/)
    const left = await page.evaluate(() => [
      localStorage.getItem('user'),
      localStorage.getItem('meta'),
      localStorage.getItem('bearerToken'),
    ])
    expect(left).toEqual([null, null, null])
    // the server revoked the token
    const response = await page.request.post('/api/persistence/users-search', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    })
    expect(response.status()).toBe(401)
  })

  test('a 401 from any call signs out with the message, shown after the reload', async ({
    page,
    login,
  }) => {
    await login('eigentuemer')
    const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
    await page.request.post('/api/token/revoke', { headers: { authorization: `Bearer ${token}` } })
    // the next call of the portal (here the notifications of the app bar) answers 401
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/authenticate$/)
    await expect(page.getByRole('alert')).toContainText('Sitzung ist abgelaufen')
  })
})

test.describe('what each user sees (§6)', () => {
  test('eigentuemer sees fewer tiles than verwalter, fremd none of them', async ({
    browser,
    baseURL,
  }) => {
    const tiles: Record<string, string[]> = {}
    for (const user of ['verwalter', 'eigentuemer', 'fremd']) {
      const context = await browser.newContext({ baseURL })
      const page = await context.newPage()
      await signIn(page, user)
      await expect(page.getByRole('heading', { name: 'Ihre Liegenschaften' })).toBeVisible()
      tiles[user] = await page
        .getByRole('link', { name: /^Liegenschaft .* öffnen$/ })
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      await context.close()
    }
    expect(tiles.eigentuemer!.length).toBeGreaterThanOrEqual(2)
    expect(tiles.eigentuemer!.length).toBeLessThan(tiles.verwalter!.length)
    expect(tiles.eigentuemer!.every((href) => tiles.verwalter!.includes(href))).toBe(true)
    expect(tiles.fremd!.length).toBeGreaterThan(0)
    expect(tiles.fremd!.some((href) => tiles.verwalter!.includes(href))).toBe(false)
  })
})

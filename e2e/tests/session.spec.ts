import { expect, field, fillSignIn, signIn, test } from '../fixtures'
import { firstUnitLink, propertyTiles } from '../pages/navigation'

test.describe('guard and session (§2, §4)', () => {
  test('sends every route but /authenticate to the login when signed out', async ({
    page,
    checkScreen,
  }) => {
    for (const path of ['/', '/dashboard']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(/\/authenticate$/)
    }
    // any other page is kept as the deep link to return to (decision 022)
    for (const path of ['/properties', '/faq', '/account', '/gibt-es-nicht']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(`/authenticate?next=${encodeURIComponent(path)}`)
    }
    await page.goto('/authenticate')
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
    await page.getByRole('button', { name: /Benutzermenü/ }).click()
    await page.getByRole('menuitem', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/authenticate$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Sie haben sich abgemeldet.' }),
    ).toBeVisible()
    const left = await page.evaluate(() => [
      localStorage.getItem('user'),
      localStorage.getItem('meta'),
      localStorage.getItem('bearerToken'),
    ])
    expect(left).toEqual([null, null, null])
    // the server ended this session
    const response = await page.request.post('/api/persistence/users-search', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    })
    expect(response.status()).toBe(401)
  })

  test('a 401 from any call signs out with the server’s message, shown after the reload', async ({
    page,
    login,
  }) => {
    await login('eigentuemer')
    const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
    // leave the open dashboard before the revocation: a call of its own still under way would meet
    // the 401 while the page unloads, and its unread answer would carry no reason
    await page.goto('about:blank')
    await page.request.post('/api/token/revoke', { headers: { authorization: `Bearer ${token}` } })
    // the next call of the portal (here the notifications of the app bar) answers 401; the calls
    // after it, sent without a token, must not replace the server's reason; wait only for the
    // navigation to start: the portal's own redirect to the sign-in may come before the load event
    await page.goto('/dashboard', { waitUntil: 'commit' })
    await expect(page).toHaveURL(/\/authenticate$/)
    await expect(page.getByRole('alert')).toHaveText(
      'Sie wurden abgemeldet. Bitte melden Sie sich erneut an.',
    )
  })

  test('a deep link survives the sign-in, a link to another site does not', async ({
    page,
    browser,
    baseURL,
  }) => {
    // a unit's address, as a notification or a mail carries it
    await signIn(page, 'verwalter')
    await propertyTiles(page).first().click()
    const unit = firstUnitLink(page)
    const href = (await unit.getAttribute('href'))!
    const reference = (await unit.textContent())!.trim()
    expect(href).toMatch(/^\/properties\/\d+\/units\/V\d+$/)

    const context = await browser.newContext({ baseURL })
    try {
      const other = await context.newPage()
      await other.goto(href)
      await expect(other).toHaveURL(`/authenticate?next=${encodeURIComponent(href)}`)
      await fillSignIn(other, 'verwalter')
      await expect(other).toHaveURL(href)
      await expect(other.getByRole('heading', { level: 1 })).toContainText(reference)
    } finally {
      await context.close()
    }

    // no open redirect: an address of another origin leads to the dashboard (a browser of its own,
    // signed out from the start)
    const foreign = await browser.newContext({ baseURL })
    try {
      const other = await foreign.newPage()
      await other.goto(`/authenticate?next=${encodeURIComponent('//beispiel.invalid/anmelden')}`)
      await fillSignIn(other, 'verwalter')
      await expect(other).toHaveURL(/\/dashboard$/)
    } finally {
      await foreign.close()
    }
  })

  test('logging out in one browser leaves another browser of the same user signed in', async ({
    browser,
    baseURL,
  }) => {
    const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })]
    try {
      const [leaving, staying] = await Promise.all(contexts.map((c) => c.newPage()))
      await signIn(leaving!, 'verwalter')
      await signIn(staying!, 'verwalter')
      await leaving!.getByRole('button', { name: /Benutzermenü/ }).click()
      await leaving!.getByRole('menuitem', { name: 'Abmelden' }).click()
      await expect(leaving!).toHaveURL(/\/authenticate$/)

      await staying!.goto('/properties')
      await expect(
        staying!.getByRole('heading', { level: 1, name: 'Liegenschaften' }),
      ).toBeVisible()
      await staying!.reload()
      await expect(staying!).toHaveURL(/\/properties$/)
      const token = await staying!.evaluate(() => sessionStorage.getItem('kundenportal.token'))
      const response = await staying!.request.post('/api/persistence/users-search', {
        headers: { authorization: `Bearer ${token}` },
        data: {},
      })
      expect(response.status()).toBe(200)
    } finally {
      await Promise.all(contexts.map((c) => c.close()))
    }
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
      tiles[user] = await propertyTiles(page).evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      )
      await context.close()
    }
    expect(tiles.eigentuemer!.length).toBeGreaterThanOrEqual(2)
    expect(tiles.eigentuemer!.length).toBeLessThan(tiles.verwalter!.length)
    expect(tiles.eigentuemer!.every((href) => tiles.verwalter!.includes(href))).toBe(true)
    expect(tiles.fremd!.length).toBeGreaterThan(0)
    expect(tiles.fremd!.some((href) => tiles.verwalter!.includes(href))).toBe(false)
  })
})

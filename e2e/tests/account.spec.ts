import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, field, fillSignIn, signIn, test } from '../fixtures'

// These tests change passwords and trip the sign-in throttle: they get a server of their own.
test.use({ serverGroup: 'account' })
test.describe.configure({ mode: 'serial' })

test('profile and password change with the §5 rules, checked as you type and by the server', async ({
  page,
  checkScreen,
}) => {
  await signIn(page, 'verwalter')
  await page.goto('/account')
  const profile = page.getByRole('region', { name: 'Benutzerprofil' })
  await expect(profile).toContainText('verwalter')
  await expect(profile).toContainText('@')
  await checkScreen('account')

  await field(page, 'Neues Passwort').fill('abc')
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible()
  await field(page, 'Neues Passwort wiederholen').fill('abd')
  await expect(
    page.getByText('Die Passwörter müssen übereinstimmen. Bitte überprüfen Sie die Passwörter'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(page.getByText('Dieses Feld muss ausgefüllt werden.')).toBeVisible()
  await checkScreen('account-errors')

  // the server checks the current password: its detail at the field it names, no error code
  await field(page, 'Aktuelles Passwort').fill('falsch')
  await field(page, 'Neues Passwort').fill('Neues#Pass12')
  await field(page, 'Neues Passwort wiederholen').fill('Neues#Pass12')
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(field(page, 'Aktuelles Passwort')).toHaveAccessibleDescription(
    'Das aktuelle Passwort ist nicht korrekt.',
  )
  await expect(field(page, 'Aktuelles Passwort')).toBeFocused()
  await expect(page.getByRole('alert')).toHaveCount(0)

  await field(page, 'Aktuelles Passwort').fill('Portal#2024!')
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(
    page.getByRole('region', { name: 'Passwort ändern' }).getByRole('status'),
  ).toContainText('Ihr Passwort wurde geändert.')
  // still signed in with the fresh token
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Ihre Liegenschaften' })).toBeVisible()

  await page.getByRole('button', { name: /Benutzermenü/ }).click()
  await page.getByRole('menuitem', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/authenticate$/)
  await signIn(page, 'verwalter', 'Neues#Pass12')
})

test('"Auf allen Geräten abmelden" signs out every other browser too, each with a message', async ({
  page,
  browser,
  baseURL,
}) => {
  const other = await browser.newContext({ baseURL })
  try {
    const elsewhere = await other.newPage()
    await signIn(elsewhere, 'fremd')
    await signIn(page, 'fremd')
    await page.goto('/account')
    // the sections above it load on their own and push the button down: a click while one arrives
    // presses the button and lets go elsewhere, so the page has settled first
    await expect(
      page.getByRole('heading', { name: 'Zugang für Ihre Software (Verbrauchsdaten)' }),
    ).toBeVisible()
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click()
    const dialog = page.getByRole('dialog', { name: 'Auf allen Geräten abmelden?' })
    await dialog.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click()
    await expect(page).toHaveURL(/\/authenticate$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Sie haben sich auf allen Geräten abgemeldet.' }),
    ).toBeVisible()

    // the other browser learns it from the server's answer to its next call
    await elsewhere.goto('/properties')
    await expect(elsewhere).toHaveURL(`/authenticate?next=${encodeURIComponent('/properties')}`)
    await expect(elsewhere.getByRole('alert')).toHaveText(
      'Sie wurden auf allen Geräten abgemeldet. Bitte melden Sie sich erneut an.',
    )
    // and signs in again, back on the page it was on
    await fillSignIn(elsewhere, 'fremd')
    await expect(elsewhere).toHaveURL(/\/properties$/)
  } finally {
    await other.close()
  }
})

test('password reset: request, mailed link, new password, sign-in', async ({
  page,
  portal,
  checkScreen,
}) => {
  await page.goto('/authenticate')
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeVisible()
  await page.getByRole('button', { name: 'Link anfordern' }).click()
  await expect(page.getByText('Dieses Feld muss ausgefüllt werden.').first()).toBeVisible()
  await checkScreen('password-reset')
  await page.getByLabel('Geschäftspartnernummer').fill('P1000000001')
  await page.getByLabel('E-Mail-Adresse').fill('helga.sommerfeld@example.com')
  await page.getByRole('button', { name: 'Link anfordern' }).click()
  await expect(page.getByRole('status').filter({ hasText: '30 Minuten' })).toBeVisible()

  const outbox = path.join(portal.dataDir, 'outbox')
  // the server stores and mails the link after its answer
  await expect.poll(() => readdir(outbox).catch(() => [])).toHaveLength(1)
  const [file] = await readdir(outbox)
  const eml = await readFile(path.join(outbox, file!), 'utf8')
  const body = eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  const link = /https?:\/\/\S+\/authenticate\?reset=\S+/.exec(body)![0]
  await page.goto(link)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Neues Passwort vergeben' }),
  ).toBeVisible()
  await checkScreen('password-reset-confirm')
  await field(page, 'Neues Passwort').fill('Zurueck#Gesetzt12')
  await field(page, 'Neues Passwort wiederholen').fill('Zurueck#Gesetzt12')
  await page.getByRole('button', { name: 'Passwort speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihr Passwort wurde geändert' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click()
  await signIn(page, 'eigentuemer', 'Zurueck#Gesetzt12')
})

test('the eleventh failed sign-in in a minute answers with the 429 message', async ({ page }) => {
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await page.request.post('/api/token', {
      data: { username: 'fremd', password: 'falsch' },
    })
    expect(response.status()).toBe(401)
  }
  await page.goto('/authenticate')
  await page.getByLabel('Benutzername').fill('fremd')
  await field(page, 'Passwort').fill('Portal#2024!')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('alert')).toContainText('Zu viele Versuche')
})

import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { checkScreen, DEMO_PASSWORD, expect, field, fillSignIn, signIn, test } from '../fixtures'
import { today } from '../pages/date-field'
import { startPortal } from '../server'

// Setting up a second factor changes how the user signs in, and wrong codes count toward the
// sign-in throttle: a server of its own.
test.use({ serverGroup: 'second-factor' })
test.describe.configure({ mode: 'serial' })

const CODE_REQUEST =
  'Bitte geben Sie den Bestätigungscode aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.'
const CODE_INVALID = 'Der Bestätigungscode ist falsch oder abgelaufen.'
const RECOVERY_CODE_USED =
  'Dieser Wiederherstellungscode wurde bereits verwendet. Jeder Code gilt nur einmal; bitte nehmen Sie einen anderen.'
const PASSWORD_WRONG = 'Das aktuelle Passwort ist nicht korrekt.'
const STEP_MS = 30_000

/**
 * What an authenticator app does with the key typed in from the set-up (RFC 6238: SHA-1, six
 * digits, 30 seconds). The server accepts a step's code once only, so every code comes from a
 * step of its own: the next one is waited for when the current one was used already.
 */
function authenticatorApp(base32: string) {
  const secret = Secret.fromBase32(base32)
  const codeOf = (step: number) => TOTP.generate({ secret, timestamp: step * STEP_MS })
  let lastStep = -1
  return {
    async nextCode(): Promise<string> {
      const step = Math.max(Math.floor(Date.now() / STEP_MS), lastStep + 1)
      const startsIn = step * STEP_MS - Date.now()
      if (startsIn > 0) await new Promise((resolve) => setTimeout(resolve, startsIn + 100))
      lastStep = step
      return codeOf(step)
    },
    /** Six digits that are the code of no step around now. */
    wrongCode(): string {
      const now = Math.floor(Date.now() / STEP_MS)
      const near = new Set([-2, -1, 0, 1, 2].map((offset) => codeOf(now + offset)))
      return ['000000', '111111', '222222', '333333', '444444', '555555'].find(
        (code) => !near.has(code),
      )!
    },
  }
}

/** WCAG 1.4.10 and axe at a small phone's width and at the suite's desktop width. */
async function checkWidths(page: Page, name: string) {
  for (const width of [320, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(page, `second-factor/${name}-${width}`)
  }
}

/** Opens an account dialog, checks it at both widths (faded in) and closes it with Escape. */
async function checkDialog(page: Page, name: string) {
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1')
  await checkWidths(page, name)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
}

async function signInWithPassword(page: Page, userName: string, next?: string) {
  await page.goto(next ? `/authenticate?next=${encodeURIComponent(next)}` : '/authenticate')
  await fillSignIn(page, userName)
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Benutzermenü/ }).click()
  await page.getByRole('menuitem', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/authenticate$/)
}

/** The key of the set-up view, as it is typed into the app: without the blanks between blocks. */
async function keyOf(page: Page): Promise<string> {
  const shown = page.getByRole('figure', { name: 'Schlüssel für die manuelle Eingabe' })
  const key = (await shown.locator('code').innerText()).replace(/\s/g, '')
  expect(key).toMatch(/^[A-Z2-7]{16,}$/)
  return key
}

/** The set-up's first step (decision 040): the current password, then the QR code shows. */
async function enterPassword(page: Page) {
  const password = field(page, 'Aktuelles Passwort')
  await expect(password).toBeFocused()
  await expect(password).toHaveAttribute('type', 'password')
  await expect(password).toHaveAttribute('autocomplete', 'current-password')
  await password.fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible()
}

/** Confirms the set-up with the app's code; answers the recovery codes it shows once. */
async function confirmSetUp(page: Page, app: ReturnType<typeof authenticatorApp>) {
  await field(page, 'Bestätigungscode aus der App').fill(await app.nextCode())
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(
    page.getByRole('heading', { level: 2, name: 'Ihre Wiederherstellungscodes' }),
  ).toBeFocused()
  const codes = await page.getByRole('main').getByRole('listitem').allInnerTexts()
  expect(codes).toHaveLength(10)
  for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/)
  return codes
}

test('set up from the account page, then sign in with a code, and once with each recovery code', async ({
  page,
}) => {
  await signIn(page, 'eigentuemer')
  await page.goto('/account')
  const section = page.getByRole('region', { name: 'Zwei-Faktor-Anmeldung' })
  await expect(section).toContainText('Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.')
  await section.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }).click()

  // decision 045: the set-up is a dialog of the account page, inside the app shell (header and
  // navigation stay); the password first (a token alone enrols no device), a wrong one at its field
  const setUp = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' })
  await expect(setUp).toBeVisible()
  await expect(page).toHaveURL(/\/account$/)
  // behind the modal dialog (hidden from screen readers while it is open, but there)
  await expect(page.getByRole('banner', { includeHidden: true })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation', includeHidden: true }),
  ).toBeVisible()
  const password = setUp.getByLabel(/^Aktuelles Passwort/)
  await expect(password).toBeFocused()
  await expect(password).toHaveAttribute('autocomplete', 'current-password')
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1')
  await checkWidths(page, 'setup-password')
  await password.fill('Falsch#2024!')
  await setUp.getByRole('button', { name: 'Weiter' }).click()
  // the message first, then what the step asks for (the same step as at the sign-in)
  await expect(password).toHaveAccessibleDescription(new RegExp(`^${PASSWORD_WRONG}`))
  await expect(password).toBeFocused()
  await expect(setUp.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeHidden()
  await checkScreen(page, 'second-factor/setup-wrong-password')
  // then QR code and key, then the first code from the app
  await password.fill(DEMO_PASSWORD)
  await setUp.getByRole('button', { name: 'Weiter' }).click()
  await expect(setUp.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible()
  const app = authenticatorApp(await keyOf(page))
  await checkWidths(page, 'setup')
  const setUpCode = setUp.getByLabel(/^Bestätigungscode aus der App/)
  await expect(setUpCode).toBeFocused()
  await setUpCode.fill(app.wrongCode())
  await setUp.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(setUpCode).toHaveAccessibleDescription(new RegExp(`^${CODE_INVALID}`))
  await expect(setUpCode).toBeFocused()
  await checkScreen(page, 'second-factor/setup-wrong-code')
  await setUpCode.fill(await app.nextCode())
  await setUp.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(setUp.getByText(/^Die Zwei-Faktor-Anmeldung ist eingerichtet\./)).toBeFocused()
  const recoveryCodes = await setUp.getByRole('listitem').allInnerTexts()
  expect(recoveryCodes).toHaveLength(10)
  for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/)
  await checkWidths(page, 'recovery-codes')

  const downloading = page.waitForEvent('download')
  await setUp.getByRole('button', { name: 'Codes herunterladen' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Wiederherstellungscodes eigentuemer.txt')
  const file = await readFile(await download.path(), 'utf8')
  expect(file).toContain('Benutzername: eigentuemer')
  expect(file).toContain(recoveryCodes.join('\n'))

  await setUp.getByRole('button', { name: 'Schließen' }).click()
  await expect(setUp).toBeHidden()
  await expect(page).toHaveURL(/\/account$/)
  await expect(
    section.getByRole('heading', { level: 2, name: 'Zwei-Faktor-Anmeldung', exact: true }),
  ).toBeFocused()
  await expect(section).toContainText(`Die Zwei-Faktor-Anmeldung ist eingerichtet seit ${today()}.`)
  await expect(section).toContainText('10 Wiederherstellungscodes übrig.')

  // the account's dialogs ask for the password and a code; a wrong one is named at its field
  await section.getByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }).click()
  const renew = page.getByRole('dialog', { name: 'Neue Wiederherstellungscodes erzeugen' })
  // the dialog's own field: the account page's password change has one of the same name
  const renewPassword = renew.getByLabel(/^Aktuelles Passwort/)
  await expect(renewPassword).toBeFocused()
  await expect(renewPassword).toHaveAttribute('autocomplete', 'current-password')
  await renewPassword.fill('Falsch#2024!')
  const renewCode = renew.getByLabel(/^Bestätigungscode aus der App/)
  await renewCode.fill(app.wrongCode())
  await renewCode.press('Enter')
  await expect(renewPassword).toHaveAccessibleDescription(PASSWORD_WRONG)
  await expect(renewPassword).toBeFocused()
  await renewPassword.fill(DEMO_PASSWORD)
  await renewCode.press('Enter')
  await expect(renewCode).toHaveAccessibleDescription(CODE_INVALID)
  await expect(renew).toBeVisible()
  await checkDialog(page, 'new-recovery-codes-dialog')
  await section.getByRole('button', { name: 'Zwei-Faktor-Anmeldung ausschalten' }).click()
  const disableDialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung ausschalten?' })
  await expect(disableDialog.getByLabel(/^Aktuelles Passwort/)).toBeFocused()
  await expect(disableDialog.getByLabel(/^Bestätigungs- oder Wiederherstellungscode/)).toBeVisible()
  await checkDialog(page, 'disable-dialog')
  await signOut(page)

  // password, then the app's code in the same card
  await signInWithPassword(page, 'eigentuemer')
  const code = field(page, 'Bestätigungscode')
  await expect(code).toBeFocused()
  await expect(code).toHaveAccessibleDescription(CODE_REQUEST)
  await checkWidths(page, 'code-step')
  await code.fill(app.wrongCode())
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('alert')).toHaveText(CODE_INVALID)
  await expect(code).toBeFocused()
  await checkScreen(page, 'second-factor/code-step-wrong-code')
  await code.fill(await app.nextCode())
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)

  // a recovery code instead of the app's
  await signInWithPassword(page, 'eigentuemer')
  await page.getByRole('button', { name: 'Wiederherstellungscode verwenden' }).click()
  await field(page, 'Wiederherstellungscode').fill(recoveryCodes[0]!)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/account')
  await expect(section).toContainText('9 Wiederherstellungscodes übrig.')
  await signOut(page)

  // which works once only
  await signInWithPassword(page, 'eigentuemer')
  await page.getByRole('button', { name: 'Wiederherstellungscode verwenden' }).click()
  const recovery = field(page, 'Wiederherstellungscode')
  await expect(recovery).toBeFocused()
  await recovery.fill(recoveryCodes[0]!)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  // named as used, not as wrong (decision 044)
  await expect(page.getByRole('alert')).toHaveText(RECOVERY_CODE_USED)
  await expect(page).toHaveURL(/\/authenticate$/)

  // turned off with the password and a recovery code: the page says so, and is readable again
  // (nothing of it stays hidden from screen readers once the dialog has closed)
  await recovery.fill(recoveryCodes[1]!)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/account')
  await section.getByRole('button', { name: 'Zwei-Faktor-Anmeldung ausschalten' }).click()
  const disable = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung ausschalten?' })
  await disable.getByLabel(/^Aktuelles Passwort/).fill(DEMO_PASSWORD)
  await disable.getByLabel(/^Bestätigungs- oder Wiederherstellungscode/).fill(recoveryCodes[2]!)
  await disable.getByRole('button', { name: 'Ausschalten' }).click()
  await expect(disable).toBeHidden()
  await expect(section.getByRole('status')).toHaveText(
    'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
  )
  await expect(
    section.getByRole('heading', { level: 2, name: 'Zwei-Faktor-Anmeldung', exact: true }),
  ).toBeFocused()
  await expect(page.getByRole('main')).toBeVisible()
  await expect(section).toContainText('Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.')
})

test('a customer that requires it: the set-up right after the password, before anything else', async ({
  browser,
}) => {
  const server = await startPortal({ customerSwitches: { requireSecondFactor: true } })
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1366, height: 900 },
  })
  try {
    const page = await context.newPage()
    await signInWithPassword(page, 'verwalter', '/properties')
    await expect(page).toHaveURL('/authenticate?view=second-factor&next=%2Fproperties')
    await expect(
      page.getByText(
        'Ihr Kundenportal verlangt die Zwei-Faktor-Anmeldung. Richten Sie sie jetzt ein, danach geht es weiter.',
      ),
    ).toBeVisible()
    // the password again, right after the sign-in: the set-up-only token alone enrols no device
    await enterPassword(page)
    await checkWidths(page, 'forced-setup')

    // any other page leads back to the set-up, which then returns there
    await page.goto('/notifications')
    await expect(page).toHaveURL('/authenticate?view=second-factor&next=%2Fnotifications')
    await enterPassword(page)
    const app = authenticatorApp(await keyOf(page))
    await confirmSetUp(page, app)
    await page
      .getByRole('checkbox', { name: 'Ich habe die Wiederherstellungscodes sicher aufbewahrt.' })
      .check()
    await page.getByRole('button', { name: 'Weiter' }).click()
    // the session is loaded as the sign-in would have: the user's name in the menu
    await expect(page).toHaveURL(/\/notifications$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Thomas Brandt, Benutzermenü' })).toBeVisible()
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Ihre Liegenschaften' })).toBeVisible()
    await signOut(page)

    // from now on the sign-in asks for the code
    await signInWithPassword(page, 'verwalter')
    await field(page, 'Bestätigungscode').fill(await app.nextCode())
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  } finally {
    await context.close()
    await server.stop()
  }
})

import type { Page } from '@playwright/test'
import { checkScreen, DEMO_PASSWORD, expect, signIn, test } from '../fixtures'

/**
 * Decision 062: a credential for the manager's software, created on the account page against the
 * current password, its password shown once; with it the bved consumption-data service answers the
 * periods of a property the manager sees, and after revoking it on the account page it answers 401.
 */
// Credentials are the account's own, and a wrong password counts toward the sign-in throttle: a
// server of its own.
test.use({ serverGroup: 'consumption-access' })

const TITLE = 'Zugang für Ihre Software (Verbrauchsdaten)'
const NAME = 'Hausverwaltung ERP'
const PASSWORD_WRONG = 'Das aktuelle Passwort ist nicht korrekt.'
/** Demo property 1000000002, the verwalter's, by its bved number (decision 061). */
const PROPERTY_NUMBER = '471100002'

/** WCAG 1.4.10 and axe with every rule at a small phone's width and at the suite's desktop width. */
async function checkWidths(page: Page, name: string) {
  for (const width of [320, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(page, `consumption-access/${name}-${width}`)
  }
}

/** The service's periods of the demo property, asked as the manager's software asks. */
function periods(baseURL: string, userName: string, password: string) {
  return fetch(
    `${baseURL}/api/bved/consumption-data/v1.1/billingunits/${PROPERTY_NUMBER}/consumptions/periods`,
    {
      headers: {
        Authorization: `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`,
        Accept: 'application/json',
      },
    },
  )
}

test('a credential for the software: created with the password, shown once, used, revoked', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'verwalter')
  await page.goto('/account')
  const section = page.getByRole('region', { name: TITLE })
  await expect(section.getByText('Sie haben noch keinen Zugang angelegt.')).toBeVisible()
  await expect(section.getByRole('textbox', { name: 'Adresse der Schnittstelle' })).toHaveValue(
    `${baseURL}/api/bved/consumption-data/v1.1`,
  )
  await checkWidths(page, 'section-empty')

  const create = section.getByRole('button', { name: 'Zugang anlegen' })
  await create.click()
  let dialog = page.getByRole('dialog', { name: 'Zugang anlegen' })
  // the dialog's own fields: the account page's password change has one of the same name
  const nameField = () => dialog.getByLabel(/^Name \(z\. B\. Ihre Hausverwaltungssoftware\)/)
  const passwordField = () => dialog.getByLabel(/^Aktuelles Passwort/)
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1')
  await expect(nameField()).toBeFocused()
  await checkWidths(page, 'create-dialog')

  // decision 040: a wrong password is refused at its field
  await nameField().fill(NAME)
  await passwordField().fill('Falsch#2024!')
  await dialog.getByRole('button', { name: 'Zugang anlegen' }).click()
  await expect(passwordField()).toHaveAccessibleDescription(PASSWORD_WRONG)
  await expect(passwordField()).toBeFocused()
  await checkWidths(page, 'create-dialog-refused')

  await passwordField().fill(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  dialog = page.getByRole('dialog', { name: 'Zugang angelegt' })
  await expect(dialog.getByRole('note')).toBeFocused()
  await expect(dialog.getByRole('note')).toContainText('Das Passwort wird nur jetzt angezeigt.')
  const userName = await dialog.getByRole('textbox', { name: 'Benutzername' }).inputValue()
  const password = await dialog.getByRole('textbox', { name: 'Passwort' }).inputValue()
  expect(userName).toMatch(/^vd-[0-9a-f]{12}$/)
  expect(password).toMatch(/^cd_[A-Za-z0-9_-]{43}$/)
  await dialog.getByRole('button', { name: 'Passwort kopieren' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'kopiert' })).toHaveText(
    'In die Zwischenablage kopiert.',
  )
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password)
  await checkWidths(page, 'created-dialog')

  await dialog.getByRole('button', { name: 'Schließen' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(create).toBeFocused()
  const item = section.getByRole('list', { name: 'Ihre Zugänge' }).getByRole('listitem')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(NAME)
  await expect(item).toContainText(userName)
  await expect(item).toContainText('Zuletzt benutztnoch nie')
  await expect(page.getByText(password)).toHaveCount(0)
  await checkWidths(page, 'section-listed')

  // the software asks the service with the credential, as the manager sees the property
  const answer = await periods(baseURL!, userName, password)
  expect(answer.status).toBe(200)
  const summary = (await answer.json()) as {
    billingunit: { reference: { mscnumber: string }; periods: { period: string }[] }
  }
  expect(summary.billingunit.reference.mscnumber).toBe(PROPERTY_NUMBER)
  // a property without radio readings has no periods: the list may be empty, but it is a list
  expect(Array.isArray(summary.billingunit.periods)).toBe(true)
  await page.reload()
  await expect(item).not.toContainText('noch nie')

  await item.getByRole('button', { name: `Zugang „${NAME}“ widerrufen` }).click()
  dialog = page.getByRole('dialog', { name: `Zugang „${NAME}“ widerrufen?` })
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1')
  await checkWidths(page, 'revoke-dialog')
  await dialog.getByRole('button', { name: 'Widerrufen' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(section.getByRole('status').filter({ hasText: 'widerrufen' })).toHaveText(
    `Der Zugang „${NAME}“ ist widerrufen.`,
  )
  await expect(section.getByText('Sie haben noch keinen Zugang angelegt.')).toBeVisible()
  // no credential after it: the section's heading takes the focus
  await expect(section.getByRole('heading', { level: 2, name: TITLE })).toBeFocused()

  const refused = await periods(baseURL!, userName, password)
  expect(refused.status).toBe(401)
  expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /)
})

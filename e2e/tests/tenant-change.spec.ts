import type { Page } from '@playwright/test'
import { checkScreen, expect, field, signIn, test } from '../fixtures'
import { firstUnitLink } from '../pages/navigation'
import { fillMoveOut, fillPrivateTenant, openTenantChangeFromCosts } from '../pages/tenant-change'

// Reports are stored: a server of their own.
test.use({ serverGroup: 'tenant-change' })

async function openUnit(page: Page) {
  await page.goto('/properties/1000000002')
  await firstUnitLink(page).click()
  await expect(page.getByRole('table', { name: 'Verträge der Nutzeinheit' })).toBeVisible()
}

/** A field's message is its accessible description, however the field draws it (MUI or the kit). */
const messageAt = (page: Page, label: string) => expect(field(page, label))

test('report a tenant change for a company, every validation message once, then see it in the notifications', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  await openUnit(page)
  await page.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  const dialog = page.getByRole('dialog', { name: 'Mieterwechsel melden' })
  await dialog.getByRole('radio', { name: 'Firma' }).check()
  await expect(field(page, 'Firmenname')).toBeVisible()
  await expect(field(page, 'Rechtsform')).toBeVisible()
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  await messageAt(page, 'Firmenname').toHaveAccessibleDescription(
    'Dieses Feld muss ausgefüllt werden.',
  )

  await field(page, 'Firmenname').fill('x'.repeat(41))
  await field(page, 'Postleitzahl').fill('12a45')
  await field(page, 'E-Mail-Adresse').fill('kein-mail')
  await field(page, 'Telefon').fill('0341 abc')
  await field(page, 'Postfach').fill('12 34')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  await messageAt(page, 'Firmenname').toHaveAccessibleDescription(/40/)
  await messageAt(page, 'Postleitzahl').toHaveAccessibleDescription(/Zahlen|Ziffern/)
  await messageAt(page, 'E-Mail-Adresse').toHaveAccessibleDescription(/E-Mail/)
  await messageAt(page, 'Telefon').toHaveAccessibleDescription(/Zahlen|Ziffern/)
  await field(page, 'Postleitzahl').fill('123')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  await messageAt(page, 'Postleitzahl').toHaveAccessibleDescription(/5/)
  await checkScreen(page, 'tenant-change-errors')

  await field(page, 'Firmenname').fill('Bäckerei Sonnenschein')
  await field(page, 'Rechtsform').fill('GmbH')
  await fillMoveOut(page, '31.12.2026')
  await field(page, 'Postfach').fill('')
  await field(page, 'E-Mail-Adresse').fill('info@baeckerei.example')
  await field(page, 'Telefon').fill('+49 69 123456')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  await expect(dialog.getByRole('status')).toContainText('einige Tage')
  await dialog.getByRole('button', { name: 'Schließen' }).click()

  await page.getByRole('link', { name: /^Benachrichtigungen/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('Bäckerei Sonnenschein')
  await checkScreen(page, 'notifications')
})

test('report a tenant change for a private tenant from the cost allocation', async ({ page }) => {
  await signIn(page, 'verwalter')
  const dialog = await openTenantChangeFromCosts(page)
  await expect(field(page, 'Vorname')).toBeVisible()
  await fillPrivateTenant(page, dialog, {
    salutation: 'Herr',
    firstName: 'Jonas',
    lastName: 'Weber',
  })
  await fillMoveOut(page, '30.11.2026')
  await checkScreen(page, 'tenant-change')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  await expect(dialog.getByRole('status')).toContainText('intern geprüft')
})

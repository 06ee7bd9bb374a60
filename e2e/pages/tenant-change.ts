import type { Locator, Page } from '@playwright/test'
import { chooseOption, field } from '../fixtures'
import { typeDate } from './date-field'

/**
 * Opens "Mieterwechsel melden" from the cost allocation of property 1000000002 and picks its first
 * usage unit; answers the dialog.
 */
export async function openTenantChangeFromCosts(page: Page): Promise<Locator> {
  await page.goto('/properties/1000000002/costs')
  await page.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  const dialog = page.getByRole('dialog', { name: 'Mieterwechsel melden' })
  await chooseOption(dialog.getByRole('combobox', { name: 'Nutzeinheit' }))
  return dialog
}

/** Chooses the salutation ('Frau', 'Herr', …) of a private tenant and types the names. */
export async function fillPrivateTenant(
  page: Page,
  dialog: Locator,
  tenant: { salutation: string; firstName: string; lastName: string },
) {
  await chooseOption(dialog.getByRole('combobox', { name: 'Anrede' }), {
    name: tenant.salutation,
    exact: true,
  })
  await field(page, 'Vorname').fill(tenant.firstName)
  await field(page, 'Nachname').fill(tenant.lastName)
}

/** Types the previous tenant's move-out date and the new address Lindenstraße 12, 60311 Frankfurt. */
export async function fillMoveOut(page: Page, date: string) {
  await typeDate(page, 'Auszugsdatum des Vormieters', date)
  await field(page, 'Straße').fill('Lindenstraße')
  await field(page, 'Hausnummer').fill('12')
  await field(page, 'Postleitzahl').fill('60311')
  await field(page, 'Ort').fill('Frankfurt am Main')
}

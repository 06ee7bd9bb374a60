import type { Locator, Page } from '@playwright/test'
import { expect } from '../fixtures'

/** Today as the portal shows a date: 'TT.MM.JJJJ' in the provider's zone, Europe/Berlin. */
export const today = () =>
  new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(new Date())

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A date field by its label: a group of three spin buttons (Tag, Monat, Jahr, in German order
 * whatever the browser's language) and the button that opens the calendar.
 */
export function dateField(scope: Page | Locator, label: string) {
  return scope.getByRole('group', { name: new RegExp(`^${escape(label)}[\\s\u2009]*\\*?$`) })
}

/**
 * Types a date 'TT.MM.JJJJ' as a person does: into the day, the digits running on into month and
 * year; then checks that the field shows it so.
 */
export async function typeDate(page: Page, label: string, date: string) {
  const field = dateField(page, label)
  await field.getByRole('spinbutton', { name: 'Tag' }).click()
  await page.keyboard.type(date.replace(/\D/g, ''))
  await expect(field.getByRole('spinbutton')).toHaveText(date.split('.'))
}

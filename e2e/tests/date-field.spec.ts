import { checkScreen, chooseOption, expect, field, signIn, test } from '../fixtures'
import { dateField, typeDate } from '../pages/date-field'

// an English browser: the native date input would ask for mm/dd/yyyy here
test.use({ locale: 'en-US', serverGroup: 'date-field' })

test('an English browser still shows and takes dates as TT.MM.JJJJ, typed or from the calendar', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  expect(await page.evaluate(() => navigator.language)).toBe('en-US')
  await page.goto('/properties/1000000002/costs')
  await page.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  const dialog = page.getByRole('dialog', { name: 'Mieterwechsel melden' })
  const moveOut = dateField(dialog, 'Auszugsdatum des Vormieters')
  await expect(moveOut.getByRole('spinbutton')).toHaveText(['TT', 'MM', 'JJJJ'])

  // half a date is not taken: the field asks for the whole one in the German form
  await moveOut.getByRole('spinbutton', { name: 'Tag' }).click()
  await page.keyboard.type('3011')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  await expect(dialog).toContainText(
    'Bitte geben Sie ein vollständiges Datum im Format TT.MM.JJJJ ein.',
  )
  await expect(moveOut.getByRole('spinbutton')).toHaveText(['30', '11', 'JJJJ'])

  await typeDate(page, 'Auszugsdatum des Vormieters', '30.11.2026')
  await expect(dialog).not.toContainText('TT.MM.JJJJ ein.')

  // the calendar by keyboard: German month and weekdays, Monday first; a day on is 01.12.2026
  await page.keyboard.press('Tab')
  const open = moveOut.getByRole('button', { name: /^Datum auswählen, gewähltes Datum ist/ })
  await expect(open).toBeFocused()
  await page.keyboard.press('Enter')
  const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') })
  await expect(calendar).toContainText('November 2026')
  await expect(calendar.getByRole('columnheader').first()).toHaveAttribute('aria-label', 'Montag')
  await expect(calendar.getByRole('gridcell', { name: '30' })).toBeFocused()
  await checkScreen(page, 'date-field-calendar-en-US')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(calendar).toBeHidden()
  await expect(moveOut.getByRole('spinbutton')).toHaveText(['01', '12', '2026'])

  await chooseOption(dialog.getByRole('combobox', { name: 'Nutzeinheit' }))
  await field(page, 'Vorname').fill('Jonas')
  await field(page, 'Nachname').fill('Weber')
  await field(page, 'Straße').fill('Lindenstraße')
  await field(page, 'Hausnummer').fill('12')
  await field(page, 'Postleitzahl').fill('60311')
  await field(page, 'Ort').fill('Frankfurt am Main')
  // what the form sends is the ISO date of the day shown
  const sent = page.waitForRequest('**/api/persistence/activities')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  const body = (await sent).postDataBuffer()?.toString('utf8') ?? ''
  expect(body).toContain('"AUSZUG":"2026-12-01"')
  await expect(dialog.getByRole('status')).toContainText('intern geprüft')
})

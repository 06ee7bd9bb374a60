import { checkScreen, expect, test } from '../fixtures'
import { openDistributionAsManager } from '../pages/costs'
import { today } from '../pages/date-field'

// Declining changes the demo data: a server of its own.
test.use({ serverGroup: 'costs-decline' })

const REASON = 'Die Wartungskosten sind doppelt erfasst.'

test('decline a released distribution with a reason: asked for at the field, kept after a failure, shown in the header and the history', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'freigegeben')
  await page.getByRole('button', { name: 'Ablehnen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Verteilung ablehnen' })
  const reason = dialog.getByRole('textbox', { name: /Grund der Ablehnung/ })
  const confirm = dialog.getByRole('button', { name: 'Ablehnen' })
  await expect(dialog).toContainText('Kundenservice')

  // without a reason the dialog stays and says so at the field
  await confirm.click()
  await expect(dialog).toBeVisible()
  await expect(reason).toHaveAccessibleDescription(
    'Bitte geben Sie einen Grund für die Ablehnung an.',
  )
  await expect(reason).toBeFocused()
  await checkScreen(page, 'cost-decline-dialog-required')

  // a failed request keeps the dialog with the text typed and says what happened
  await reason.fill(REASON)
  await page.route(
    '**/api/processes/operating-costs/distribution-approval',
    (route) => route.abort(),
    {
      times: 1,
    },
  )
  await confirm.click()
  await expect(dialog.getByRole('alert')).toContainText('Leider ist ein Fehler aufgetreten')
  await expect(dialog.getByRole('alert')).toContainText('116')
  await expect(dialog).toBeVisible()
  await expect(reason).toHaveValue(REASON)
  await expect(reason).not.toHaveAccessibleDescription(/Grund/)
  await checkScreen(page, 'cost-decline-dialog')

  // a double click declines once: one entry in the history, no error after the success
  await confirm.dblclick()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Kundenservice' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Verlauf' }).getByText(REASON)).toHaveCount(1)
  await expect(page.locator('.MuiAlert-standardError')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Übersicht' }).getByRole('note')).toHaveText(
    `Abgelehnt am ${today()} von Thomas Brandt: ${REASON}`,
  )
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(REASON)
  await checkScreen(page, 'cost-declined')
})

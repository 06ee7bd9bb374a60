import { checkScreen, expect, signIn, test } from '../fixtures'
import { openDistribution } from '../pages/costs'

// Declining changes the demo data: a server of its own.
test.use({ serverGroup: 'costs-decline' })

test('decline a released distribution with a reason, shown in the history', async ({ page }) => {
  await signIn(page, 'verwalter')
  await openDistribution(page, 'freigegeben')
  await page.getByRole('button', { name: 'Ablehnen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Verteilung ablehnen' })
  await expect(dialog).toContainText('Kundenservice')
  await dialog.getByLabel(/Grund der Ablehnung/).fill('Die Wartungskosten sind doppelt erfasst.')
  await checkScreen(page, 'cost-decline-dialog')
  await dialog.getByRole('button', { name: 'Ablehnen' }).click()
  await expect(page.getByRole('status')).toContainText(/Kundenservice/)
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
    'Die Wartungskosten sind doppelt erfasst.',
  )
})

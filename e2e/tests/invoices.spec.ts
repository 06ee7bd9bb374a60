import { checkScreen, expect, test } from '../fixtures'
import { openDistributionAsManager } from '../pages/costs'

// Deciding invoices changes the demo data: a server of its own.
test.use({ serverGroup: 'invoices' })

test('decline an invoice with a reason, then approve it; a double click decides once', async ({
  page,
}) => {
  const reason = 'Der Mieter ist zum 31.03. ausgezogen; der Zeitraum stimmt nicht.'
  await openDistributionAsManager(page, 'freigegeben')
  await page.getByRole('tab', { name: 'Rechnungen' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Rechnungen' })
  const invoices = panel.getByRole('table', { name: 'Rechnungen der Kostenverteilung' })
  const firstDecline = invoices.getByRole('button', { name: /^Rechnung AR\S+ ablehnen$/ }).first()
  const number = /AR\S+/.exec((await firstDecline.getAttribute('aria-label')) ?? '')![0]
  const row = invoices
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: number, exact: true }) })
  await expect(row).toContainText('Ausstehend')

  await row.getByRole('button', { name: `Rechnung ${number} ablehnen` }).click()
  const decline = page.getByRole('dialog', { name: `Rechnung ${number} ablehnen` })
  await expect(decline).toContainText('Kundenservice')
  await decline.getByRole('button', { name: 'Ablehnen' }).click()
  await expect(decline).toContainText('Bitte geben Sie einen Grund für die Ablehnung an.')
  await decline.getByLabel(/Grund der Ablehnung/).fill(reason)
  await checkScreen(page, 'invoice-decline-dialog')
  await decline.getByRole('button', { name: 'Ablehnen' }).dblclick()
  await expect(decline).toBeHidden()
  // each download in the table has a status of its own: the one that speaks of the invoice
  const outcome = panel.getByRole('status').filter({ hasText: `Rechnung ${number}` })
  await expect(outcome).toContainText('Kundenservice')
  await expect(row).toContainText(/Abgelehnt am \d{2}\.\d{2}\.\d{4} von Thomas Brandt/)
  await expect(row).toContainText(reason)

  await row.getByRole('button', { name: `Rechnung ${number} genehmigen` }).click()
  const approve = page.getByRole('dialog', { name: `Rechnung ${number} genehmigen` })
  await expect(approve).toContainText('endgültig')
  await checkScreen(page, 'invoice-approve-dialog')
  await approve.getByRole('button', { name: 'Genehmigen' }).dblclick()
  await expect(approve).toBeHidden()
  await expect(outcome).toHaveText(`Die Rechnung ${number} wurde genehmigt.`)
  await expect(row).toContainText(/Genehmigt am \d{2}\.\d{2}\.\d{4} von Thomas Brandt/)
  await expect(row.getByRole('button', { name: /genehmigen|ablehnen/ })).toHaveCount(0)

  // one decision per click, however often it was clicked: the history lists each once
  const history = page.getByRole('region', { name: 'Verlauf' })
  await expect(history.getByText(`Rechnung ${number} abgelehnt: ${reason}`)).toHaveCount(1)
  await expect(history.getByText(`Rechnung ${number} genehmigt`, { exact: true })).toHaveCount(1)
  await checkScreen(page, 'invoices-decided')
})

import { checkScreen, expect, field, signIn, test } from '../fixtures'
import { openDistribution } from '../pages/costs'

/**
 * Issue 16, the CO2 cost split: the panel starts from the fuel lines and the master data, shows
 * the calculation step by step and checks the entered landlord credit against it.
 */
test('the CO2 split shows its calculation and checks the landlord’s credit', async ({ page }) => {
  await signIn(page, 'verwalter')
  await openDistribution(page, 'offen')
  const panel = page.getByRole('region', { name: 'CO2-Kostenaufteilung' })
  await expect(panel).toBeVisible()
  // the fuel quantity is the sum of the fuel lines, the area the property's heated area
  await expect(field(page, 'Brennstoffmenge (kWh)')).not.toHaveValue('')
  await expect(field(page, 'Beheizte Fläche (m²)')).not.toHaveValue('')
  await expect(field(page, 'Emissionsfaktor (kg CO2 je kWh)')).toHaveValue('0,201')
  const steps = panel.getByRole('list').getByRole('listitem')
  await expect(steps.first()).toContainText(/^CO2-Kosten: .* t × 55 €\/t \(CO2-Preis 2025\)/)
  await expect(steps.nth(1)).toContainText(/^CO2-Ausstoß: [\d.]+ kWh × 0,201 kg\/kWh = /)
  await expect(steps.nth(3)).toContainText(/^Wohngebäude, Stufe \d+ von 10 /)

  // with the CO2 costs of the invoice the share is that percentage of them
  await field(page, 'CO2-Kosten laut Rechnung (€)').fill('1.000,00')
  const stage = (await steps.nth(2).innerText()).match(/Vermieter (\d+) %/)
  expect(stage).not.toBeNull()
  const landlord = Number(stage![1])
  await expect(steps.nth(3)).toContainText(
    `Vermieteranteil: ${landlord} % von 1.000,00\u00a0€ CO2-Kosten = ${landlord * 10},00\u00a0€`,
  )
  // the demo's entered credit (−1.232,97 €) is not what the law gives: the panel says so
  const check = panel.getByText(/Der erfasste CO2-Vermieteranteil von -1\.232,97\s€/)
  await expect(check).toContainText(`-${landlord * 10},00`)
  await checkScreen(page, 'co2-split')

  // a non-residential building: half and half
  await panel.getByRole('combobox', { name: 'Gebäudeart' }).click()
  await page.getByRole('option', { name: 'Nichtwohngebäude' }).click()
  await expect(steps.nth(2)).toHaveText(
    'Nichtwohngebäude: Vermieter und Mieter tragen je 50 % (§ 8 CO2KostAufG)',
  )
  await expect(steps.nth(3)).toContainText('= 500,00\u00a0€')
})

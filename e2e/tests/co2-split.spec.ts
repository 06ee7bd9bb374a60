import { checkScreen, chooseOption, expect, field, signIn, test } from '../fixtures'
import { fillAmounts, openDistribution, openDistributionAsManager } from '../pages/costs'

/**
 * Decision 032: the CO2 split is the server's. The panel shows its figures (natural gas
 * on the upper heating value, the living area, kg per m² rounded before the stage), the steps,
 * the check of the landlord's credit, and stores corrections from the invoice for everyone.
 */
test('the CO2 split shows the server’s figures and stores corrections from the invoice', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  const splitRead = page.waitForResponse((response) => response.url().endsWith('/co2-split'))
  await openDistribution(page, 'offen')
  const panel = page.getByRole('region', { name: 'CO2-Kostenaufteilung' })
  await expect(panel).toBeVisible()
  const distribution = /operating-costs\/([^/]+)\/co2-split$/.exec((await splitRead).url())![1]!
  const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
  const server = async () => {
    const response = await page.request.get(
      `/api/persistence/operating-costs/${distribution}/co2-split`,
      { headers: { Authorization: `Bearer ${token}` } },
    )
    expect(response.status()).toBe(200)
    return (await response.json()) as {
      kgPerSquareMetreYear: string
      landlordAmount: string
      expectedLandlordLine: string
      stage: { stage: number }
      areaSquareMetres: string
    }
  }
  const figures = await server()
  const figure = (term: string) =>
    panel.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
  const german = (value: string, digits: number) =>
    new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(Number(value))

  await expect(figure('Energieträger')).toHaveText('Erdgas H')
  await expect(figure('Brennstoffmenge')).toContainText('kWh (Brennwert Hs)')
  await expect(figure('Bezugsfläche')).toHaveText(
    `${german(figures.areaSquareMetres, 2)} m² Wohnfläche (WF)`,
  )
  await expect(figure('CO2 je m² und Jahr')).toHaveText(
    `${german(figures.kgPerSquareMetreYear, 1)} kg/m²`,
  )
  await expect(figure('Stufe')).toHaveText(`Stufe ${figures.stage.stage} von 10`)
  const steps = panel.getByRole('list').getByRole('listitem')
  await expect(steps.first()).toContainText(/^Erdgas H: [\d.]+ kWh \(Brennwert Hs\) ÷ 1,11 = /)
  await expect(
    panel.getByText(/auf eine Nachkommastelle gerundet \(§ 5 Abs\. 1 S\. 3/),
  ).toBeVisible()
  // the demo records the landlord's credit the split asks for
  await expect(panel.getByText(/stimmt mit der Berechnung überein/)).toBeVisible()
  await checkScreen(page, 'co2-split')
  // a phone's width: the figures, steps and the correction form reflow without sideways scrolling
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(figure('Stufe')).toBeVisible()
  await checkScreen(page, 'co2-split-390')
  await page.setViewportSize({ width: 1440, height: 900 })

  // the invoice's CO2 costs and § 9 halving: the server computes, the panel shows
  await field(page, 'CO2-Kosten laut Rechnung (€, brutto)').fill('1.000,00')
  await chooseOption(panel.getByRole('combobox', { name: 'Beschränkung' }), {
    name: /Anteil halbiert/,
  })
  await panel.getByRole('button', { name: 'Angaben speichern' }).click()
  await expect(figure('CO2-Kosten')).toHaveText('1.000,00\u00a0€ laut Rechnung')
  const halved = await server()
  expect(halved.landlordAmount).not.toBe(figures.landlordAmount)
  await expect(figure('Anteile')).toContainText(`= ${german(halved.landlordAmount, 2)}\u00a0€`)
  await expect(panel.getByText(/§ 9 Abs\. 1 S\. 1 CO2KostAufG/)).toBeVisible()
  await expect(panel.getByText(/weicht von der Berechnung ab/)).toBeVisible()

  // an invalid number is named at its field, nothing is sent
  await field(page, 'kg CO2 laut Rechnung').fill('12,3,4')
  await panel.getByRole('button', { name: 'Angaben speichern' }).click()
  await expect(panel.getByText('Bitte geben Sie eine Zahl ein, z. B. 1.234,56.')).toBeVisible()

  // back to the defaults: the figures are the first ones again
  await field(page, 'kg CO2 laut Rechnung').fill('')
  await field(page, 'CO2-Kosten laut Rechnung (€, brutto)').fill('')
  await chooseOption(panel.getByRole('combobox', { name: 'Beschränkung' }), {
    name: 'keine',
    exact: true,
  })
  await panel.getByRole('button', { name: 'Angaben speichern' }).click()
  await expect(panel.getByText(/stimmt mit der Berechnung überein/)).toBeVisible()
  expect((await server()).landlordAmount).toBe(figures.landlordAmount)
})

test('a landlord’s CO2 line that differs from the split asks for a reason or the computed amount', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const panel = page.getByRole('region', { name: 'CO2-Kostenaufteilung' })
  await expect(panel.getByText(/stimmt mit der Berechnung überein/)).toBeVisible()
  const heating = page.getByRole('table', { name: 'Heiz- und Nebenkosten' })
  const co2Row = heating.getByRole('row', { name: /CO2-Kosten/ })
  await co2Row.getByRole('button', { name: /bearbeiten$/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Kosten bearbeiten' })
  await fillAmounts(page, '-1,00', '-1,00')
  await field(page, 'Netto gesamt').fill('-0,84')
  await field(page, 'Netto umlagefähig').fill('-0,84')
  await expect(
    dialog.getByRole('alert').filter({ hasText: /Vermieteranteil insgesamt/ }),
  ).toBeVisible()
  await checkScreen(page, 'co2-line-differs')
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(
    dialog.getByText(
      'Bitte begründen Sie die Abweichung oder übernehmen Sie den berechneten Betrag.',
    ),
  ).toBeVisible()

  // with a reason the line is saved, and the panel shows the difference
  await dialog
    .getByRole('textbox', { name: 'Begründung der Abweichung' })
    .fill('Abschlag, Endabrechnung folgt')
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(dialog).toBeHidden()
  await expect(panel.getByText(/weicht von der Berechnung ab/)).toBeVisible()

  // the computed amount: no reason needed, the check agrees again
  await co2Row.getByRole('button', { name: /bearbeiten$/ }).click()
  await dialog.getByRole('button', { name: 'Berechneten Betrag übernehmen' }).click()
  await expect(field(page, 'Betrag gesamt (brutto)')).not.toHaveValue('-1,00')
  await expect(dialog.getByText(/Vermieteranteil insgesamt/)).toBeHidden()
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(dialog).toBeHidden()
  await expect(panel.getByText(/stimmt mit der Berechnung überein/)).toBeVisible()
})

import { readFile } from 'node:fs/promises'
import { checkScreen, expect, field, test } from '../fixtures'
import {
  addLine,
  approveDistribution,
  confirmedTotals,
  deleteLine,
  grossTotal,
  openDistributionAsManager,
  showCostList,
} from '../pages/costs'

// Cost entry changes the demo data: a server of its own.
test.use({ serverGroup: 'costs' })

test('a cost line can be added by keyboard alone', async ({ page }) => {
  await openDistributionAsManager(page, 'offen')
  const before = await grossTotal(page)
  await page.getByRole('button', { name: 'Neue Kosten erfassen' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Neue Kosten erfassen' })
  await expect(dialog).toBeVisible()
  for (const label of ['Kostenart', 'Objekt', 'Bezug', 'Umlageschlüssel']) {
    await dialog.getByRole('combobox', { name: label }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('listbox')).toBeVisible()
    // Enter chooses once the menu has the focus (on a busy machine it opens before it takes it)
    await expect(
      page.getByRole('listbox').getByRole('option').and(page.locator(':focus')),
    ).toHaveCount(1)
    if (label === 'Kostenart') {
      // a cost type by its first letters, one not recorded yet (a second line would be asked about)
      await page.keyboard.type('Schorn')
      await expect(
        page.getByRole('option', { name: 'Schornsteinfeger und Immissionsmessung' }),
      ).toBeFocused()
    }
    await page.keyboard.press('Enter')
    await expect(page.getByRole('listbox')).toBeHidden()
  }
  await field(page, 'Betrag gesamt (brutto)').focus()
  await page.keyboard.type('12,34')
  await page.keyboard.press('Tab')
  await page.keyboard.type('12,34')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect.poll(() => grossTotal(page)).toBe(before + 1234)
})

test('record, edit and delete costs; totals change exactly; then confirm costs recorded', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  await checkScreen(page, 'cost-allocation')
  const before = await grossTotal(page)

  // the form checks the §5 rules at the fields before anything is sent
  await page.getByRole('button', { name: 'Neue Kosten erfassen' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click()
  await expect(
    page.getByRole('dialog').getByText('Dieses Feld muss ausgefüllt werden.').first(),
  ).toBeVisible()
  await field(page, 'Betrag gesamt (brutto)').fill('zwölf')
  await field(page, 'Betrag umlagefähig').click()
  await expect(page.getByText('Bitte geben Sie eine Zahl ein, z. B. 1.234,56.')).toBeVisible()
  await checkScreen(page, 'cost-entry-dialog')
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click()

  await addLine(page, 'Heiz- und Nebenkosten', 'Wartung Heizungsanlage', '1.234,56', '1.000,00')
  await expect.poll(() => grossTotal(page)).toBe(before + 123456)
  await addLine(page, 'Betriebskosten', 'Entwässerung', '0,10', '0,10')
  await expect.poll(() => grossTotal(page)).toBe(before + 123466)

  const heating = await showCostList(page, 'Heiz- und Nebenkosten')
  await heating
    .getByRole('row', { name: /1\.234,56/ })
    .getByRole('button', { name: /bearbeiten$/ })
    .click()
  const edit = page.getByRole('dialog', { name: 'Kosten bearbeiten' })
  await field(page, 'Betrag gesamt (brutto)').fill('1.300,00')
  await edit.getByRole('button', { name: 'Speichern' }).click()
  await expect(edit).toBeHidden()
  await expect.poll(() => grossTotal(page)).toBe(before + 130010)

  const working = await showCostList(page, 'Betriebskosten')
  await deleteLine(page, working.getByRole('row', { name: /0,10 €/ }).first(), 'click')
  await expect.poll(() => grossTotal(page)).toBe(before + 130000)

  await page.getByRole('button', { name: 'Kosten erfasst' }).click()
  const confirm = page.getByRole('dialog', { name: 'Kosten erfasst' })
  await expect(confirm).toContainText('keine weitere Kostenerfassung mehr möglich')
  // the totals being confirmed: per list and overall, the overall one as the header counts it
  const totals = await confirmedTotals(page)
  expect(totals.total.gross).toBe(before + 130000)
  expect(totals.total.gross).toBe(totals.heating.gross + totals.working.gross)
  expect(totals.total.apportionable).toBe(
    totals.heating.apportionable + totals.working.apportionable,
  )
  await checkScreen(page, 'cost-finalize-dialog')
  await confirm.getByRole('button', { name: 'Kosten erfasst bestätigen' }).click()
  await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText('erfasst')
  await expect(page.getByRole('button', { name: 'Neue Kosten erfassen' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /bearbeiten$/ })).toHaveCount(0)
  await expect(page.getByText('Die Kostenerfassung ist abgeschlossen')).toBeVisible()
})

test('approve a released distribution', async ({ page }) => {
  await openDistributionAsManager(page, 'freigegeben')
  await approveDistribution(page, 'click')
  await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText('genehmigt')

  // the history keeps what was approved: its totals, the hash, the lines and a PDF receipt
  const history = page.getByRole('region', { name: 'Verlauf' })
  const item = history.getByRole('listitem').filter({ hasText: 'auf „genehmigt“ geändert' })
  // the person, not the user name (decision 044)
  await expect(item).toContainText('Thomas Brandt')
  // the approved total is the one the overview shows
  const overview = await page.getByRole('region', { name: 'Übersicht' }).innerText()
  const total = /Kosten gesamt\s+([\d.]+,\d\d)/.exec(overview)?.[1]
  expect(total, overview).toBeDefined()
  await expect(item).toContainText(new RegExp(`Gesamtsumme: ${total!.replaceAll('.', '\\.')}\\s€`))
  const hash = (await item.locator('code').innerText()).trim()
  expect(hash).toMatch(/^[0-9a-f]{64}$/)
  const show = item.getByRole('button', { name: /Kostenzeilen? anzeigen$/ })
  await show.click()
  await expect(item.getByRole('button', { name: /ausblenden$/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  const lines = item.getByRole('table', { name: /Kostenzeilen beim Stand der Entscheidung/ })
  await expect(lines.locator('tbody tr').first()).toBeVisible()
  await checkScreen(page, 'history with a decision receipt')
  // the hash and the lines reflow on a phone
  await page.setViewportSize({ width: 320, height: 800 })
  await checkScreen(page, 'history with a decision receipt at 320 px')
  await page.setViewportSize({ width: 1366, height: 900 })
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    item
      .getByRole('button', { name: /^Beleg \(PDF\) der Entscheidung vom .* herunterladen$/ })
      .click(),
  ])
  expect(file.suggestedFilename()).toMatch(/^Beleg .* Eintrag \d+\.pdf$/)
  const pdf = (await readFile(await file.path())).toString('latin1')
  expect(pdf.startsWith('%PDF-')).toBe(true)
  expect(pdf).toContain('(Beleg zur Genehmigung der Kostenverteilung)')
  expect(pdf).toContain(hash)
})

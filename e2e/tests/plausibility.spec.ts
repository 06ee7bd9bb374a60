import type { Page } from '@playwright/test'
import { checkScreen, expect, test } from '../fixtures'
import {
  cents,
  chooseCostList,
  chooseCostType,
  fillAmounts,
  grossTotal,
  openCostEntry,
  openDistributionAsManager,
} from '../pages/costs'

/**
 * Decision 031, plausibility of the recorded costs: last year's lines taken over, a cost type 50 %
 * above last year flagged at entry and in the "Kosten erfasst" confirmation, which still confirms.
 */

// Cost entry changes the demo data: a server of its own.
test.use({ serverGroup: 'plausibility' })

const german = (hundredths: number) =>
  `${Math.trunc(hundredths / 100)},${String(Math.abs(hundredths % 100)).padStart(2, '0')}`

/** The comparison row of a cost type: last year, this year, change, note. */
async function comparison(page: Page, costType: string) {
  const row = page
    .getByRole('table', { name: 'Kosten je Kostenart im Vergleich zum Vorjahr' })
    .getByRole('row', { name: new RegExp(`^${costType}`) })
  // the amounts and percentages keep a no-break space before € and %
  const [previous, current, change, note] = (await row.getByRole('cell').allInnerTexts()).map(
    (text) => text.replaceAll('\u00a0', ' '),
  )
  return { previous: previous!, current: current!, change: change!, note: note!.trim() }
}

test('last year’s lines are taken over; a cost type 50 % above last year is flagged at entry and when confirming', async ({
  page,
}) => {
  await openDistributionAsManager(page, 'offen')
  const section = page.getByRole('region', { name: 'Vorjahresvergleich' })
  await expect(section).toContainText('Verglichen mit der Kostenverteilung 01.01.2024 – 31.12.2024')
  // last year had the maintenance, this year not yet
  const maintenance = await comparison(page, 'Wartung Heizungsanlage')
  expect(maintenance.current).toBe('–')
  expect(maintenance.change).toBe('fehlt')
  expect(maintenance.note).toBe('im Vorjahr erfasst, fehlt')

  // take over last year's lines: only the one given amounts (last year's) becomes a line
  const before = await grossTotal(page)
  await page.getByRole('button', { name: 'Vorjahreswerte übernehmen' }).click()
  const takeOver = page.getByRole('dialog', { name: 'Vorjahreswerte übernehmen' })
  await expect(takeOver).toBeVisible()
  await checkScreen(page, 'take-over-dialog')
  const wartung = takeOver.getByRole('group', { name: /^Wartung Heizungsanlage/ })
  await expect(wartung).toContainText('Vorjahr')
  const maintenanceCents = cents(maintenance.previous)
  await wartung.getByLabel('Betrag gesamt (brutto)').fill(german(maintenanceCents))
  await wartung.getByLabel('Betrag umlagefähig').fill(german(maintenanceCents))
  await takeOver.getByRole('button', { name: 'Zeilen übernehmen' }).click()
  await expect(takeOver).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: '1 Kostenzeile wurde übernommen.' }),
  ).toBeVisible()
  await expect.poll(() => grossTotal(page)).toBe(before + maintenanceCents)
  const heating = page.getByRole('table', { name: 'Heiz- und Nebenkosten' })
  await expect(heating.getByRole('row', { name: /Wartung Heizungsanlage/ })).toBeVisible()
  await expect
    .poll(async () => (await comparison(page, 'Wartung Heizungsanlage')).change)
    .toBe('0,0 %')

  // a fuel line that brings the fuel costs to 150 % of last year's
  const fuel = await comparison(page, 'Brennstoffkosten')
  const added = Math.round(cents(fuel.previous) * 1.5) - cents(fuel.current)
  expect(added).toBeGreaterThan(0)
  const entry = await openCostEntry(page)
  await chooseCostList(entry, 'Heiz- und Nebenkosten')
  await chooseCostType(page, entry, 'Brennstoffkosten')
  await expect(entry).toContainText(
    `Vorjahr für diese Kostenart: ${fuel.previous.replace(' €', '\u00a0€')}`,
  )
  await fillAmounts(page, german(added), german(added))
  await expect(entry).toContainText(/\(\+50,0\s%\)/)
  await expect(entry.getByRole('status').filter({ hasText: 'Mehr als' })).toHaveText(
    'Mehr als ±30 % Abweichung vom Vorjahr. Bitte prüfen Sie den Betrag; speichern können Sie trotzdem.',
  )
  await checkScreen(page, 'cost-entry-previous-year-warning')
  await entry.getByRole('button', { name: 'Speichern' }).click()
  // a second fuel line for the year is asked about (decision 036)
  const question = page.getByRole('dialog', { name: 'Wirklich speichern?' })
  await expect(question).toContainText(
    `Für Brennstoffkosten ist in diesem Zeitraum bereits ${fuel.current.replace(' €', '\u00a0€')} erfasst.`,
  )
  await checkScreen(page, 'cost-entry-second-line-question')
  await question.getByRole('button', { name: 'Trotzdem speichern' }).click()
  // the question covers the entry dialog: both close once the line is saved
  await expect(question).toBeHidden()
  await expect(entry).toBeHidden()
  await expect.poll(async () => (await comparison(page, 'Brennstoffkosten')).change).toBe('+50,0 %')
  expect((await comparison(page, 'Brennstoffkosten')).note).toBe('Abweichung über ±30 %')
  await checkScreen(page, 'previous-year-comparison')

  // the confirmation lists the warnings and still confirms
  await page.getByRole('button', { name: 'Kosten erfasst', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Kosten erfasst' })
  const warnings = confirm
    .getByRole('alert')
    .filter({ hasText: 'Bitte prüfen Sie diese Abweichungen vom Vorjahr' })
  await expect(warnings).toContainText(/Brennstoffkosten: .* statt .* im Vorjahr \(\+50,0\s%\)/)
  await expect(warnings).not.toContainText('Wartung Heizungsanlage')
  await checkScreen(page, 'finalize-with-warnings')
  await confirm.getByRole('button', { name: 'Kosten erfasst bestätigen' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText('erfasst')
})

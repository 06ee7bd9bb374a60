import type { APIRequestContext, Page } from '@playwright/test'
import { checkScreen, DEMO_PASSWORD, expect, field, signIn, test } from '../fixtures'
import {
  approveDistribution,
  chooseCostType,
  deleteLine,
  fillAmounts,
  openCostEntry,
  openDistributionAsManager,
} from '../pages/costs'
import { fillMoveOut, fillPrivateTenant, openTenantChangeFromCosts } from '../pages/tenant-change'

// Double clicks, repeats and unchanged edits change the demo data: a server of its own.
test.use({ serverGroup: 'costs-integrity' })

interface Line {
  guid: string
  tariffComponent: string
  quantity: string | null
  note: string | null
  version: number
}

/** The API as verwalter, to read what is stored (the user's view is checked in the page). */
async function api(request: APIRequestContext) {
  const answer = await request.post('/api/token', {
    data: { username: 'verwalter', password: DEMO_PASSWORD },
  })
  const { token } = (await answer.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  return {
    async lines(distribution: string): Promise<Line[]> {
      const response = await request.get(`/api/persistence/operating-costs/${distribution}`, {
        headers,
      })
      const body = (await response.json()) as {
        operatingCostsHeatingExpense: Line[]
        operatingCostsWorkingExpense: Line[]
      }
      return [...body.operatingCostsHeatingExpense, ...body.operatingCostsWorkingExpense]
    },
    /** The newest open distribution of a property: the first one `openDistribution` picks. */
    async newestOpen(connection: string): Promise<string> {
      const response = await request.post('/api/persistence/operating-costs-search', {
        headers,
        data: {
          filters: [
            { property: 'connection', type: 'eq', value: connection },
            { property: 'operatingCostsDistributionStatus', type: 'eq', value: 'O' },
          ],
          sort: [{ property: 'until', order: 'desc' }],
        },
      })
      const body = (await response.json()) as { items: { operatingCostsDistribution: string }[] }
      return body.items[0]!.operatingCostsDistribution
    },
    async notifications(): Promise<number> {
      const response = await request.get('/api/persistence/notifications', { headers })
      return ((await response.json()) as { items: unknown[] }).items.length
    },
  }
}

/** No red message anywhere: a repeat must not show an error after the success. */
async function expectNoError(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.MuiAlert-standardError, .MuiAlert-filledError')).toHaveCount(0)
}

test('double clicks on save, delete and confirm each have one effect and show no error', async ({
  page,
  request,
}) => {
  // it opens every line of the list once: more than the default minute on a busy machine
  test.setTimeout(600_000)
  const server = await api(request)
  await openDistributionAsManager(page, 'offen')
  const id = await server.newestOpen('1000000002')
  const before = await server.lines(id)

  // add: a double click on "Speichern" stores one line
  const dialog = await openCostEntry(page)
  // a cost type not recorded yet: a second line would be asked about first (decision 036)
  await chooseCostType(page, dialog, 'Betriebsstrom Heizungsanlage')
  await field(page, 'Menge').fill('10,125')
  await field(page, 'Betrag gesamt (brutto)').fill('100.123')
  await field(page, 'Betrag umlagefähig').click()
  // a lone dot is asked about at the field, never guessed
  await expect(
    dialog.getByText('Ist der Punkt ein Dezimal- oder ein Tausendertrennzeichen?'),
  ).toBeVisible()
  await checkScreen(page, 'cost-entry-ambiguous-amount')
  await dialog.getByRole('button', { name: '100.123,00 übernehmen' }).click()
  await expect(field(page, 'Betrag gesamt (brutto)')).toHaveValue('100.123,00')
  await fillAmounts(page, '123,45', '100,00')
  await dialog.getByRole('button', { name: 'Speichern' }).dblclick()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Kosten wurden gespeichert.' }),
  ).toBeVisible()
  await expectNoError(page)
  const afterAdd = await server.lines(id)
  expect(afterAdd).toHaveLength(before.length + 1)
  const added = afterAdd.find((line) => !before.some((old) => old.guid === line.guid))!
  expect(added.quantity).toBe('10.125')

  // edit without a change: "Speichern" leaves the stored line as it is, to the byte
  const heating = page.getByRole('table', { name: 'Heiz- und Nebenkosten' })
  await heating
    .getByRole('row', { name: /123,45/ })
    .getByRole('button', { name: /bearbeiten$/ })
    .click()
  const edit = page.getByRole('dialog', { name: 'Kosten bearbeiten' })
  await expect(field(page, 'Menge')).toHaveValue('10,125')
  await edit.getByRole('button', { name: 'Speichern' }).dblclick()
  await expect(edit).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Es wurde nichts geändert' }),
  ).toBeVisible()
  expect(await server.lines(id)).toEqual(afterAdd)

  // every seeded line of the list survives an unchanged edit as well
  for (const row of await heating.getByRole('button', { name: /bearbeiten$/ }).all()) {
    await row.click()
    await page
      .getByRole('dialog', { name: 'Kosten bearbeiten' })
      .getByRole('button', { name: 'Speichern' })
      .click()
    await expect(page.getByRole('dialog', { name: 'Kosten bearbeiten' })).toBeHidden()
  }
  expect(await server.lines(id)).toEqual(afterAdd)

  // edit of the note alone changes the note alone
  await heating
    .getByRole('row', { name: /123,45/ })
    .getByRole('button', { name: /bearbeiten$/ })
    .click()
  await page.getByRole('dialog').getByRole('textbox', { name: 'Bemerkung' }).fill('Rechnung 4711')
  await page
    .getByRole('dialog', { name: 'Kosten bearbeiten' })
    .getByRole('button', { name: 'Speichern' })
    .dblclick()
  await expect(page.getByRole('dialog', { name: 'Kosten bearbeiten' })).toBeHidden()
  const afterEdit = (await server.lines(id)).find((line) => line.guid === added.guid)!
  expect(afterEdit).toEqual({ ...added, note: 'Rechnung 4711', version: added.version + 1 })
  await expectNoError(page)

  // the provider's service flat fee is read-only
  await expect(heating.getByRole('row', { name: /Dienstleistungspauschale/ })).toContainText(
    'Vom Abrechnungsunternehmen erfasst',
  )
  // (its only button opens the line's details)
  await expect(
    heating
      .getByRole('row', { name: /Dienstleistungspauschale/ })
      .getByRole('button', { name: /bearbeiten|löschen/ }),
  ).toHaveCount(0)

  // delete: a double click on "Löschen" deletes once and shows no error
  await deleteLine(page, heating.getByRole('row', { name: /123,45/ }), 'dblclick')
  await expect(page.getByRole('dialog', { name: 'Kostenzeile löschen' })).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Kostenzeile wurde gelöscht.' }),
  ).toBeVisible()
  await expectNoError(page)
  expect(await server.lines(id)).toEqual(before)

  // "Kosten erfasst": a double click confirms once, without an error after the success
  await page.getByRole('button', { name: 'Kosten erfasst' }).click()
  await page
    .getByRole('dialog', { name: 'Kosten erfasst' })
    .getByRole('button', { name: 'Kosten erfasst bestätigen' })
    .dblclick()
  await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText('erfasst')
  await expectNoError(page)
})

test('a double click on "Hochladen" stores one file', async ({ page }) => {
  await signIn(page, 'verwalter')
  // cost documents can be uploaded to a distribution in any status
  await page.goto('/properties/1000000002/costs')
  await page.getByRole('tab', { name: 'Meine Dateien' }).click()
  const files = page.getByRole('tabpanel')
  const name = 'doppelklick.pdf'
  await page.getByRole('button', { name: 'Kostenbeleg hochladen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Kostenbeleg hochladen' })
  await dialog.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  })
  await dialog.getByRole('button', { name: 'Hochladen' }).dblclick()
  await expect(dialog.getByText('Die Datei wurde hochgeladen.')).toBeVisible()
  await expectNoError(page)
  await dialog.getByRole('button', { name: 'Schließen' }).click()
  await expect(files.getByText(name)).toHaveCount(1)
  await expectNoError(page)
  // what the server holds, not only what the list shows
  await page.reload()
  await page.getByRole('tab', { name: 'Meine Dateien' }).click()
  await expect(page.getByRole('tabpanel').getByText(name)).toHaveCount(1)
})

test('a double click on "Genehmigen" approves once, without an error', async ({ page }) => {
  await openDistributionAsManager(page, 'freigegeben')
  await approveDistribution(page, 'dblclick')
  await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText('genehmigt')
  await expectNoError(page)
})

test('a double click on "Mieterwechsel melden" sends one report', async ({ page, request }) => {
  const server = await api(request)
  const before = await server.notifications()
  await signIn(page, 'verwalter')
  const dialog = await openTenantChangeFromCosts(page)
  await fillPrivateTenant(page, dialog, {
    salutation: 'Frau',
    firstName: 'Erika',
    lastName: 'Doppelklick',
  })
  await fillMoveOut(page, '31.12.2026')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).dblclick()
  await expect(dialog.getByRole('status')).toContainText('intern geprüft')
  await expectNoError(page)
  await expect.poll(() => server.notifications()).toBe(before + 1)
})

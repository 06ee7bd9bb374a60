import type { Browser, Locator, Page } from '@playwright/test'
import { createHash, randomUUID } from 'node:crypto'
import { checkScreen, chooseOption, expect, signIn, test } from '../fixtures'
import { firstUnitLink, unitsTable } from '../pages/navigation'
import { fillMoveOut, fillPrivateTenant } from '../pages/tenant-change'
import { startPortal, type PortalServer } from '../server'

/**
 * Issue 31 (decisions 069, 070): a manager orders an interim reading, the provider reports it
 * planned through its API, the manager sees the state and a notification; a tenant change places
 * its own order; an alarm is marked done. Orders and alarms are stored, and the provider's key is
 * put into the copied data folder: a server of its own.
 */
const PROVIDER_KEY = `pk_e2e_${randomUUID().replaceAll('-', '')}`
const PROPERTY = '1000000002'

let server: PortalServer

test.beforeAll(async () => {
  const hash = createHash('sha256').update(PROVIDER_KEY, 'utf8').digest('hex')
  server = await startPortal({
    sql: [
      `insert into provider_api_keys (name, scope, key_hash) values ('e2e-steps', 'steps', '${hash}')`,
    ],
  })
})
test.afterAll(async () => {
  await server?.stop()
})

async function managerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  await signIn(page, 'verwalter')
  return page
}

const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('kundenportal.token'))

type Order = { id: string; note: string; status: string; activity: string | null; kind: string }

/** The property's orders as the API gives them to the manager. */
async function ordersOf(page: Page): Promise<Order[]> {
  const response = await page.request.get(
    `/api/persistence/service-orders?connection=${PROPERTY}`,
    {
      headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    },
  )
  expect(response.status()).toBe(200)
  return ((await response.json()) as { items: Order[] }).items
}

/** Axe and reflow at a phone's and a desktop's width. */
async function checkWidths(page: Page, name: string) {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(page, `${name}-${width}`)
  }
}

/** Opens the property's unit of row `index` (0 the first) and waits for its orders. */
async function openUnit(page: Page, index = 0): Promise<Locator> {
  await page.goto(`/properties/${PROPERTY}`)
  if (index === 0) await firstUnitLink(page).click()
  else await unitsTable(page).locator('tbody tr').nth(index).getByRole('link').click()
  const orders = page.getByRole('table', { name: 'Aufträge der Nutzeinheit' })
  await expect(orders).toBeVisible()
  return orders
}

test('a manager orders an interim reading once, the provider plans it, the manager sees the state and a notification', async ({
  browser,
}) => {
  const page = await managerPage(browser)
  const orders = await openUnit(page)
  const note = `Bitte vorher anrufen ${randomUUID().slice(0, 8)}`

  await page.getByRole('button', { name: 'Auftrag erteilen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Auftrag erteilen' })
  // nothing chosen: the kind's message at the kind
  await dialog.getByRole('button', { name: 'Auftrag erteilen' }).click()
  await expect(dialog.getByText('Bitte wählen Sie die Art des Auftrags.')).toBeVisible()
  // an exchange names its devices
  await dialog.getByRole('radio', { name: 'Gerätetausch (GT)' }).check()
  await dialog.getByRole('button', { name: 'Auftrag erteilen' }).click()
  await expect(
    dialog.getByText('Für einen Gerätetausch wählen Sie bitte mindestens ein Gerät.'),
  ).toBeVisible()
  await checkWidths(page, 'service-order-dialog-errors')

  await dialog.getByRole('radio', { name: 'Zwischenablesung mit Abrechnung (ZM)' }).check()
  await dialog.getByRole('textbox', { name: /^Bemerkung für den Messdienst/ }).fill(note)
  await dialog.getByRole('button', { name: 'Auftrag erteilen' }).dblclick()
  await expect(dialog.getByRole('status')).toContainText(
    'Der Auftrag „Zwischenablesung mit Abrechnung“',
  )
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused()
  await checkWidths(page, 'service-order-dialog-placed')
  await dialog.getByRole('button', { name: 'Schließen' }).click()

  // one order however often the button was pressed
  const mine = (await ordersOf(page)).filter((o) => o.note === note)
  expect(mine).toHaveLength(1)
  expect(mine[0]).toMatchObject({ kind: 'ZM', status: 'BESTELLT' })
  const row = orders.getByRole('row', { name: /Zwischenablesung mit Abrechnung/ }).filter({
    hasText: 'bestellt',
  })
  await expect(row.first()).toBeVisible()

  // the provider reports it planned through its API
  const report = await page.request.post(`/api/provider/service-orders/${mine[0]!.id}/status`, {
    headers: { Authorization: `Bearer ${PROVIDER_KEY}`, 'Idempotency-Key': randomUUID() },
    data: { status: 'GEPLANT', plannedDate: '2027-01-15' },
  })
  expect(report.status()).toBe(200)

  await page.reload()
  await expect(
    page
      .getByRole('table', { name: 'Aufträge der Nutzeinheit' })
      .getByRole('row')
      .filter({ hasText: 'geplant, Termin am 15.01.2027' }),
  ).toHaveCount(1)
  await checkWidths(page, 'service-orders-unit')

  await page.getByRole('link', { name: /^Benachrichtigungen/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(
    'Auftrag geplant: Zwischenablesung mit Abrechnung',
  )
  await expect(page.getByRole('main')).toContainText('Termin am 15.01.2027')

  // the portfolio's orders, of the property chosen in the filter
  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible()
  const all = page.getByRole('table', { name: 'Aufträge' })
  await expect(all.getByRole('row', { name: /Zwischenablesung/ }).first()).toBeVisible()
  await checkWidths(page, 'service-orders-portfolio')
})

test('a tenant change report places its interim reading, which the lists show', async ({
  browser,
}) => {
  const page = await managerPage(browser)
  const before = (await ordersOf(page)).filter((o) => o.activity !== null).length
  const orders = await openUnit(page, 1)
  await page.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  const dialog = page.getByRole('dialog', { name: 'Mieterwechsel melden' })
  await fillPrivateTenant(page, dialog, {
    salutation: 'Herr',
    firstName: 'Jonas',
    lastName: 'Auftragstest',
  })
  await fillMoveOut(page, '31.12.2026')
  await dialog.getByRole('button', { name: 'Mieterwechsel melden' }).click()
  await expect(dialog.getByRole('status')).toContainText('einige Tage')
  await dialog.getByRole('button', { name: 'Schließen' }).click()

  expect((await ordersOf(page)).filter((o) => o.activity !== null)).toHaveLength(before + 1)
  const placed = orders
    .getByRole('row', { name: /Zwischenablesung mit Abrechnung/ })
    .filter({ hasText: '31.12.2026' })
  await expect(placed).toHaveCount(1)
  await expect(placed).toContainText('bestellt')

  // the property's list shows it too
  await page.goto(`/properties/${PROPERTY}`)
  const propertyOrders = page.getByRole('table', { name: 'Aufträge der Liegenschaft' })
  await expect(
    propertyOrders.getByRole('row', { name: /Zwischenablesung/ }).filter({ hasText: '31.12.2026' }),
  ).not.toHaveCount(0)
})

test('a manager marks an alarm done; it leaves the open alarms and shows among the done', async ({
  browser,
}) => {
  const page = await managerPage(browser)
  await page.goto('/dashboard')
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Alarme' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Alarme' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Alarme' })
  const rows = table.locator('tbody tr').filter({ has: page.getByRole('button') })
  await expect(rows.first()).toBeVisible()
  await checkWidths(page, 'alarms')
  await page.setViewportSize({ width: 1440, height: 900 })

  const first = rows.first()
  const done = first.getByRole('button', { name: /^Erledigt: / })
  const name = (await done.getAttribute('aria-label'))!.replace(/^Erledigt: /, '')
  await done.click()
  const status = page.getByRole('status').filter({ hasText: 'ist erledigt' })
  await expect(status).toBeVisible()
  // the alarm left the open ones: the focus is on what was done
  await expect(status).toBeFocused()
  await expect(page.getByRole('button', { name: `Erledigt: ${name}` })).toHaveCount(0)

  await chooseOption(page.getByRole('combobox', { name: 'Zustand' }), {
    name: 'erledigt',
    exact: true,
  })
  await expect(page).toHaveURL(/state=ERLEDIGT/)
  await expect(page.getByRole('button', { name: `Wieder öffnen: ${name}` })).toBeVisible()
  await checkWidths(page, 'alarms-done')
})

import { addYears, formatDate } from '../../packages/domain/src/format/date.ts'
import { normalizeRegistrationCode } from '../../packages/domain/src/residents/residents.ts'
import { pdfTextRuns } from '../../apps/server/src/platform/files/pdf-structure.ts'
import { startPortal } from '../server'
import { checkScreen as checkPage, DEMO_PASSWORD, expect, field, signIn, test } from '../fixtures'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

/**
 * Decisions 065 and 066: a manager prints the registration letters of a property (one page per
 * resident with a code), a resident registers with his code and sees his own months only, the code
 * works once; a resident who moved out yesterday keeps his months, his successor sees none of them.
 * axe with every rule on each resident screen at 320 and 1440 px.
 */
test.use({ serverGroup: 'residents' })

const PASSWORD = 'Wohnung#2026x'
/** Today and yesterday in Germany, as the server's demo data counts them. */
const berlinDay = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + offset * 24 * 60 * 60 * 1000),
  )

async function tokenOf(page: Page) {
  return page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
}

/** The resident's own months as the API gives them to him. */
async function ownMonths(page: Page) {
  const response = await page.request.get('/api/residents/monthly-consumption', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as {
    months: string[]
    users: { businessPartner: string; name: string }[]
  }
}

/** axe and reflow on the screen of `page` at both ends of the supported widths. */
async function checkWidths(page: Page, name: string) {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await checkPage(page, `${name}-${width}`)
  }
}

test('a manager prints the letters, a resident registers with his code once and sees his own months', async ({
  page,
  browser,
  portal,
  checkScreen,
}) => {
  await signIn(page, 'verwalter')
  await page.goto('/properties/1000000002')
  await page.getByRole('button', { name: 'Bewohner einladen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bewohner einladen' })
  await checkScreen('resident-invitations-dialog')
  await dialog.getByRole('button', { name: 'Einladungen erstellen' }).click()
  await expect(dialog).toContainText('Briefe zum Ausdrucken')
  await checkScreen('resident-invitations-result')
  await page.setViewportSize({ width: 390, height: 844 })
  await checkScreen('resident-invitations-result-390')
  await page.setViewportSize({ width: 1366, height: 900 })
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Briefe herunterladen (PDF)' }).click()
  const pdf = await readFile(await (await downloading).path())

  // one letter page per resident, each with its code
  const runs = pdfTextRuns(pdf)
  const letterPages = runs.filter(
    (run) => run.text === 'Ihr Zugang zur monatlichen Verbrauchsinformation',
  )
  // the code stands out in bold, 16 pt
  const codes = runs
    .filter((run) => run.bold && run.size === 16)
    .map((run) => normalizeRegistrationCode(run.text))
    .filter((code): code is string => code !== null && /[A-Z]/.test(code))
  expect(letterPages.length).toBeGreaterThan(0)
  expect(codes).toHaveLength(letterPages.length)
  expect(new Set(letterPages.map((run) => run.page)).size).toBe(letterPages.length)
  const addressee = runs.find(
    (run) => run.page === letterPages[0]!.page && run.size === 10 && Math.abs(run.x - 56.69) < 0.01,
  )!.text

  // the resident registers in a browser of his own, with the code from the letter's link
  const resident = await (await browser.newContext({ baseURL: portal.url })).newPage()
  await resident.goto(`/register?code=${codes[0]}`)
  await expect(field(resident, 'Registrierungscode')).toHaveValue(new RegExp(codes[0]!.slice(0, 4)))
  await checkWidths(resident, 'register')
  await field(resident, 'Benutzername').fill('neue.mieterin')
  await field(resident, 'Passwort').fill(PASSWORD)
  await field(resident, 'Passwort wiederholen').fill(PASSWORD)
  await resident.getByRole('button', { name: 'Zugang einrichten' }).click()
  await expect(resident.getByText(/Ihr Zugang ist eingerichtet/)).toBeVisible()
  await checkWidths(resident, 'register-done')

  await signIn(resident, 'neue.mieterin', PASSWORD)
  await expect(
    resident.getByRole('heading', { level: 1, name: 'Meine Verbrauchsinformation' }),
  ).toBeVisible()
  await expect(resident.getByRole('main')).toContainText(addressee)
  const own = await ownMonths(resident)
  expect(own.users.map((user) => user.name)).toEqual([addressee])
  // no manager's screen is his: the properties are not in his navigation
  await expect(resident.getByRole('link', { name: 'Liegenschaften' })).toHaveCount(0)
  await checkWidths(resident, 'resident-dashboard')

  // the code works once
  const again = await (await browser.newContext({ baseURL: portal.url })).newPage()
  await again.goto(`/register?code=${codes[0]}`)
  await field(again, 'Benutzername').fill('noch.jemand')
  await field(again, 'Passwort').fill(PASSWORD)
  await field(again, 'Passwort wiederholen').fill(PASSWORD)
  await again.getByRole('button', { name: 'Zugang einrichten' }).click()
  await expect(again.getByText(/bereits verwendet/)).toBeVisible()
  await checkPage(again, 'register-code-used')
})

test('a resident who moved out yesterday keeps his months; his successor sees none of them', async ({
  browser,
}) => {
  const yesterday = berlinDay(-1)
  const today = berlinDay()
  const contract = `(select resident_contract from users where user_name = 'bewohner')`
  const server = await startPortal({
    sql: [
      `update contracts set until = '${yesterday}', contract_status = 'B' where key = ${contract}`,
      `insert into partners (business_partner, company_code, name1, name2, mail)
         values ('P1000999999', '1000', 'Nora', 'Nachfolger', null)`,
      `insert into contract_accounts (contract_account, company_code, property_connection, business_partner, reference, contract_account_type)
         select 'VK1000999999', company_code, property_connection, 'P1000999999', 'M1000-999999', 'VKW'
         from contracts where key = ${contract}`,
      `insert into contracts (key, company_code, property_connection, point_of_delivery, contract_account, business_partner, contract_status, "from")
         select 'VT1000999999', company_code, property_connection, point_of_delivery, 'VK1000999999', 'P1000999999', 'A', '${today}'
         from contracts where key = ${contract}`,
      `insert into users (user_name, company_code, name, mail, password_hash, resident_contract, notice_channel)
         select 'nachfolger', '1000', 'Nora Nachfolger', '', password_hash, 'VT1000999999', 'letter'
         from users where user_name = 'bewohner'`,
    ],
  })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await signIn(page, 'bewohner', DEMO_PASSWORD)
    const moved = await ownMonths(page)
    expect(moved.months.length).toBeGreaterThan(0)
    await expect(page.getByRole('main')).toContainText(
      `Ihr Zugang besteht bis ${formatDate(addYears(yesterday, 1))}`,
    )
    const ownName = moved.users[0]!.name
    await checkWidths(page, 'resident-moved-out')

    const successor = await (await browser.newContext({ baseURL: server.url })).newPage()
    await signIn(successor, 'nachfolger', DEMO_PASSWORD)
    const his = await ownMonths(successor)
    expect(his.months).toEqual([])
    expect(his.users.map((user) => user.name)).toEqual(['Nora Nachfolger'])
    await expect(successor.getByRole('main')).toContainText('Nora Nachfolger')
    await expect(successor.getByRole('main')).not.toContainText(ownName)
    await checkWidths(successor, 'resident-successor')
  } finally {
    await server.stop()
  }
})

test('the manager sees who was informed of the month how, and records the letters he prints', async ({
  browser,
}) => {
  // the hourly job's run, done by the provider's command before the start (no mail server: the
  // mails go to the data folder's outbox, which the SMTP server test covers)
  const server = await startPortal({ providerCommands: [['notices', 'run']] })
  try {
    const resident = await (await browser.newContext({ baseURL: server.url })).newPage()
    await signIn(resident, 'bewohner', DEMO_PASSWORD)
    const tenancy = (await (
      await resident.request.get('/api/residents/tenancy', {
        headers: { Authorization: `Bearer ${await tokenOf(resident)}` },
      })
    ).json()) as { pointOfDelivery: string; reference: string; name: string }

    const page = await (await browser.newContext({ baseURL: server.url })).newPage()
    await signIn(page, 'verwalter')
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` }
    const unit = (await (
      await page.request.get(`/api/persistence/points-of-delivery/${tenancy.pointOfDelivery}`, {
        headers,
      })
    ).json()) as { connection: string }
    const connection = (await (
      await page.request.get(`/api/persistence/connections/${unit.connection}`, { headers })
    ).json()) as { connection: string; parentConnection: string | null }
    await page.goto(`/properties/${connection.parentConnection ?? connection.connection}`)

    const panel = page.getByRole('region', {
      name: 'Monatliche Verbrauchsinformation: Zustellnachweis',
    })
    const own = panel.getByRole('row', { name: new RegExp(tenancy.name) })
    await expect(own).toContainText('E-Mail')
    await expect(own).toContainText('versendet')
    await expect(
      panel.getByRole('row', { name: /Brief noch nicht erstellt/ }).first(),
    ).toBeVisible()
    await checkPage(page, 'resident-notices')

    const downloading = page.waitForEvent('download')
    await panel.getByRole('button', { name: 'Briefe des Monats herunterladen (PDF)' }).click()
    const pdf = await readFile(await (await downloading).path())
    expect(
      pdfTextRuns(pdf).some((run) => run.text.startsWith('Ihre Verbrauchsinformation für')),
    ).toBe(true)
    await expect(panel.getByRole('row', { name: /Brief noch nicht erstellt/ })).toHaveCount(0)
    await expect(panel.getByRole('row', { name: /Brief erstellt/ }).first()).toBeVisible()
    await checkPage(page, 'resident-notices-letters')
    // a manager on a telephone
    await page.setViewportSize({ width: 390, height: 844 })
    await checkPage(page, 'resident-notices-390')
  } finally {
    await server.stop()
  }
})

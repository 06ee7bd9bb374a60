import type { Page } from '@playwright/test'
import { startPortal } from '../server'
import { checkScreen, chooseOption, DEMO_PASSWORD, expect, signIn, test } from '../fixtures'

/**
 * Decision 067: the annual billing information of § 6a Abs. 3 HeizkostenV. A resident of a
 * long-standing tenancy sees his billed period with his own comparison (the chart and its table),
 * the carriers, taxes, fees, advice and dispute resolution; the manager sees the same for the unit
 * he chooses on the cost allocation page. axe with every rule at 320 and 1440 px.
 */
test.use({ serverGroup: 'billing-information' })

/** The demo resident bound to a current tenancy that ran through an approved period. */
const LONG_STANDING_TENANCY = `update users set resident_contract = (
    select c.key from contracts c
    join contract_accounts a on a.contract_account = c.contract_account
    join operating_costs_distributions d on d.property_connection = c.property_connection
    where c.company_code = '1000' and a.contract_account_type <> 'VKT' and c.until is null
      and c."from" <= (d."from" - interval '1 year')::date
      and d.operating_costs_distribution_status in ('G', 'V')
      and exists (select 1 from degree_days g where g.property_connection = c.property_connection)
    order by d.until desc, c.key limit 1)
  where user_name = 'bewohner'`

async function bearer(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('kundenportal.token'))
  return { Authorization: `Bearer ${token}` }
}

async function checkWidths(page: Page, name: string) {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(page, `${name}-${width}`)
  }
}

test('a resident and his manager read the billing information of his last billed period', async ({
  browser,
}) => {
  const server = await startPortal({ sql: [LONG_STANDING_TENANCY] })
  try {
    const resident = await (await browser.newContext({ baseURL: server.url })).newPage()
    await signIn(resident, 'bewohner', DEMO_PASSWORD)
    const panel = resident.getByRole('region', {
      name: 'Abrechnungsinformation (§ 6a Abs. 3 HeizkostenV)',
    })
    await expect(panel).toBeVisible()
    const comparison = panel.getByRole('region', { name: 'Ihr Verbrauch im Vergleich' })
    await expect(
      comparison.getByRole('row', { name: /Heizung, witterungsbereinigt/ }),
    ).toBeVisible()
    await expect(panel).toContainText(
      /gegenüber dem vorherigen Zeitraum um [\d,]+ % (gesunken|gestiegen) \(witterungsbereinigt\)/,
    )
    await expect(panel.getByRole('region', { name: 'Eingesetzte Energieträger' })).toContainText(
      '%',
    )
    await expect(panel).toContainText('Umsatzsteuer')
    await expect(panel).toContainText('Ablesung und Abrechnung')
    await expect(panel.getByRole('link', { name: 'Deutsche Energie-Agentur (dena)' })).toBeVisible()
    await expect(panel).toContainText('Universalschlichtungsstelle')
    await checkWidths(resident, 'resident-billing-information')

    // the figures on the screen are those the server gives him
    const headers = await bearer(resident)
    const periods = (await (
      await resident.request.get('/api/residents/billing-information', { headers })
    ).json()) as { items: { operatingCostsDistribution: string }[] }
    const id = periods.items[0]!.operatingCostsDistribution
    const info = (await (
      await resident.request.get(`/api/residents/billing-information/${id}`, { headers })
    ).json()) as {
      units: { pointOfDelivery: string; reference: string }[]
      user: { current: { heatingKwh: string } }
    }
    const german = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(Number(info.user.current.heatingKwh))
    await expect(comparison.getByRole('row', { name: /Heizung, gemessen/ })).toContainText(german)

    // the manager: the same panel below the distribution, for the unit he chooses
    const manager = await (await browser.newContext({ baseURL: server.url })).newPage()
    await signIn(manager, 'verwalter')
    const unit = (await (
      await manager.request.get(
        `/api/persistence/points-of-delivery/${info.units[0]!.pointOfDelivery}`,
        { headers: await bearer(manager) },
      )
    ).json()) as { connection: string }
    const connection = (await (
      await manager.request.get(`/api/persistence/connections/${unit.connection}`, {
        headers: await bearer(manager),
      })
    ).json()) as { connection: string; parentConnection: string | null }
    const property = connection.parentConnection ?? connection.connection
    await manager.goto(`/properties/${property}/costs?distribution=${encodeURIComponent(id)}`)
    const managers = manager.getByRole('region', {
      name: 'Abrechnungsinformation (§ 6a Abs. 3 HeizkostenV)',
    })
    await expect(managers).toBeVisible()
    await chooseOption(managers.getByRole('combobox', { name: 'Nutzeinheit' }), {
      name: info.units[0]!.reference,
      exact: true,
    })
    await expect(managers.getByRole('row', { name: /Heizung, gemessen/ })).toContainText(german)
    await checkWidths(manager, 'billing-information')
  } finally {
    await server.stop()
  }
})

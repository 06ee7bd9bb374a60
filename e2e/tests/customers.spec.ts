import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, signIn, test } from '../fixtures'
import { startPortal } from '../server'

const CUSTOMERS_DIR = path.resolve(import.meta.dirname, '../../customers')
const customers = readdirSync(CUSTOMERS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

type Config = {
  applicationTitle: string
  favicon: string
  theme: { primary: string }
  switches: { showContractReference: boolean }
}

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16)
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`
}

test('there are four customer configurations', () => {
  expect(customers).toHaveLength(4)
})

for (const [index, customer] of customers.entries()) {
  test(`customer ${customer}: title, favicon, primary colour and switches`, async ({ browser }) => {
    const config = JSON.parse(
      readFileSync(path.join(CUSTOMERS_DIR, customer, 'config.json'), 'utf8'),
    ) as Config
    // the first configuration is the default: started without CUSTOMER
    const server = await startPortal(index === 0 ? {} : { customer })
    try {
      const context = await browser.newContext({ baseURL: server.url })
      const page = await context.newPage()
      await page.goto('/authenticate')
      await expect(page).toHaveTitle(new RegExp(config.applicationTitle))
      await expect(page.locator('link#favicon')).toHaveAttribute(
        'href',
        new RegExp(`^/customer-assets/${config.favicon}`),
      )
      const favicon = await page.request.get(`/customer-assets/${config.favicon}`)
      expect(favicon.status()).toBe(200)
      const appBar = page.locator('header').first()
      await expect(appBar).toHaveCSS('background-color', rgb(config.theme.primary))
      await expect(page.getByRole('button', { name: 'Anmelden' })).toHaveCSS(
        'background-color',
        rgb(config.theme.primary),
      )
      const served = (await (
        await page.request.get('/api/configuration/customer')
      ).json()) as Config
      expect(served.switches.showContractReference).toBe(index === 0 || index === 3)
      await signIn(page, 'verwalter')
      await expect(page.locator('header').first()).toContainText(config.applicationTitle)
      await context.close()
    } finally {
      await server.stop()
    }
  })
}

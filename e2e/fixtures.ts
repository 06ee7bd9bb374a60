import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import path from 'node:path'
import { startPortal, type PortalServer } from './server'

export const DEMO_PASSWORD = 'Portal#2024!'
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts')

type WorkerFixtures = {
  /**
   * Tests that change shared state (passwords, the sign-in throttle) set a name of their own here:
   * a worker option that differs starts a worker with a server of its own.
   */
  serverGroup: string
  /** The demo data's scale of the worker's server (1 unless a file asks for more). */
  seedScale: number
  portal: PortalServer
}
type TestFixtures = {
  /** Signs in through the login screen and waits for the dashboard. */
  login: (userName: string, password?: string) => Promise<void>
  /** Runs axe (WCAG 2.1 AA) on the screen, fails on any violation, and keeps a screenshot. */
  checkScreen: (name: string) => Promise<void>
}

/**
 * The input labelled exactly `label`; a required field's label also carries an asterisk, which
 * screen readers skip but the label text keeps.
 */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return page.getByLabel(new RegExp(`^${escaped}[\\s\u2009]*\\*?$`)).and(page.locator('input'))
}

export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto('/authenticate')
  await field(page, 'Benutzername').fill(userName)
  await field(page, 'Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

export async function checkScreen(page: Page, name: string) {
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
  expect(summary, `axe on ${name}`).toEqual([])
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverGroup: ['shared', { scope: 'worker', option: true }],
  seedScale: [1, { scope: 'worker', option: true }],
  portal: [
    async ({ serverGroup: _group, seedScale }, use) => {
      const portal = await startPortal({ seedScale })
      await use(portal)
      await portal.stop()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.url)
  },
  login: async ({ page }, use) => {
    await use((userName, password) => signIn(page, userName, password))
  },
  checkScreen: async ({ page }, use) => {
    await use((name) => checkScreen(page, name))
  },
})

export { expect }

import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import axe from 'axe-core'
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
  /** Attaches what the browser saw go wrong to a failing test (an automatic fixture). */
  browserTrail: void
  /** Signs in through the login screen and waits for the dashboard. */
  login: (userName: string, password?: string) => Promise<void>
  /**
   * Fails when the page scrolls sideways or axe (every rule) finds a violation, and keeps a
   * screenshot.
   */
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

/**
 * Chooses an option of a select: the named one, or the first when no name is given (or `first`
 * asks for the first of several that match). The select opens by keyboard, not by a click: MUI's
 * select picks the option under the pointer when a press lasts over 200 ms (press, drag, release),
 * and on a busy machine a click's press can last that long, choosing another option and closing
 * the list.
 */
export async function chooseOption(
  combobox: Locator,
  option: { name?: string | RegExp; exact?: boolean; first?: boolean } = {},
) {
  await combobox.press('ArrowDown')
  const listbox = combobox.page().getByRole('listbox')
  const { first = option.name === undefined, ...byName } = option
  const options = listbox.getByRole('option', byName)
  await (first ? options.first() : options).click()
  await expect(listbox).toBeHidden()
}

/** Signs in on the sign-in page that is open (with its deep link), without waiting for a page. */
export async function fillSignIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await field(page, 'Benutzername').fill(userName)
  await field(page, 'Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto('/authenticate')
  await fillSignIn(page, userName, password)
  await expect(page).toHaveURL(/\/dashboard$/)
}

/**
 * Every rule axe knows, including the experimental and deprecated ones it leaves off by default,
 * except the three WCAG AAA rules (enhanced 7:1 contrast among them): the portal's promise is WCAG
 * 2.2 AA and the customer colours are validated against AA (docs/decisions/025).
 */
const EVERY_AXE_RULE = Object.fromEntries(
  axe.getRules().map((rule) => [rule.ruleId, { enabled: !rule.tags.includes('wcag2aaa') }]),
)

/**
 * WCAG 1.4.10 (reflow) and axe with every rule enabled, not only the WCAG tags: the WCAG 2.0–2.2
 * rules, the best practices and the rules axe leaves off by default. Keeps a full-page screenshot.
 */
export async function checkScreen(page: Page, name: string) {
  await page.waitForLoadState('networkidle')
  // a control enabled by the answer that just came fades into its colours (MUI 9 animates a
  // button's colour for 250 ms): axe and the screenshot see the screen once it has settled, as a
  // reader does; endless animations (a spinner) do not count
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  )
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect
    .soft(overflow, `${name}: the page scrolls sideways by ${overflow} px`)
    .toBeLessThanOrEqual(0)
  const results = await new AxeBuilder({ page })
    .options({ rules: EVERY_AXE_RULE })
    // MUI's focus trap (dialogs, drawer, menus) keeps two empty tabbable sentinels that hand the
    // focus straight back into the trap; a user never rests on them, so they have no role.
    .exclude('[data-testid="sentinelStart"], [data-testid="sentinelEnd"]')
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
  expect.soft(summary, `axe on ${name}`).toEqual([])
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
    { scope: 'worker', timeout: 600_000 },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.url)
  },
  // A failing test keeps what the browser saw go wrong: a screen that fell to the portal's error
  // screen says in its page errors, console errors and answers of 5xx or none why it did. Every
  // browser context of the test is watched: the default one and those a test opens itself (a second
  // user, a server of its own).
  browserTrail: [
    async ({ browser, context }, use, testInfo) => {
      const trail: string[] = []
      const watch = (watched: BrowserContext, name: string) => {
        const note = (line: string) => trail.push(`${new Date().toISOString()} ${name}: ${line}`)
        watched.on('weberror', (webError) => {
          const error = webError.error()
          note(`page error: ${error.stack ?? error.message}`)
        })
        watched.on('console', (message) => {
          if (message.type() === 'error') note(`console error: ${message.text()}`)
        })
        watched.on('response', (response) => {
          if (response.status() >= 500) note(`${response.status()} ${response.url()}`)
        })
        watched.on('requestfailed', (request) =>
          note(`no answer (${request.failure()?.errorText ?? '?'}): ${request.url()}`),
        )
      }
      watch(context, 'context')
      // the browser is the worker's: its own method is shadowed for this test and bared after it
      const openContext = browser.newContext.bind(browser)
      let opened = 0
      browser.newContext = async (options) => {
        const created = await openContext(options)
        watch(created, `context ${++opened} of the test`)
        return created
      }
      try {
        await use()
      } finally {
        Reflect.deleteProperty(browser, 'newContext')
      }
      if (testInfo.status !== testInfo.expectedStatus && trail.length > 0) {
        await testInfo.attach('browser-trail', {
          body: trail.join('\n'),
          contentType: 'text/plain',
        })
      }
    },
    { auto: true },
  ],
  login: async ({ page }, use) => {
    await use((userName, password) => signIn(page, userName, password))
  },
  checkScreen: async ({ page }, use) => {
    await use((name) => checkScreen(page, name))
  },
})

export { expect }

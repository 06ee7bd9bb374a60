import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { mainNavigationLink, propertyTiles, unitsTable } from '../pages/navigation'

const APP_TITLE = 'Alpha Wärme Kundenportal'

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
const h1 = (page: Page) => page.getByRole('heading', { level: 1 })

/** The announcement of the live region that tells screen readers the new page. */
const announced = (page: Page, title: string) =>
  page.locator('[role="status"][aria-live="polite"]', { hasText: new RegExp(`^${title}$`) })

/** The focus ring the theme draws: 2px solid, in a colour, not the browser's default. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!)
    return { style: style.outlineStyle, width: style.outlineWidth, offset: style.outlineOffset }
  })
}

test.describe('scroll position between pages', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('a tapped tile opens its property at the top, back returns to the tile', async ({
    page,
    login,
  }) => {
    await login('verwalter')
    // the notices above the tiles (billing years, devices due) arrive with their answers and push
    // the tiles down; the browser keeps the tile in view (scroll anchoring) and the position the
    // router restores is the one the page had when it was left, so measure it once they are there
    const last = propertyTiles(page).last()
    // (the tiles first: before the dashboard shows, nothing is busy either)
    await expect(last).toBeVisible()
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0)
    await last.scrollIntoViewIfNeeded()
    const before = await scrollY(page)
    expect(before).toBeGreaterThan(500)

    // twice: the second time the property's data is cached, and its page is at once as long as
    // the dashboard (the browser alone would keep the scroll position: the property's footer)
    for (const time of ['first', 'second']) {
      await last.tap()
      await expect(page, time).toHaveURL(/\/properties\/\d+$/)
      await expect(unitsTable(page)).toBeVisible()
      expect(await scrollY(page), time).toBe(0)

      await page.goBack()
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect.poll(() => scrollY(page), time).toBe(before)
      await expect(last).toBeInViewport()
    }

    await page.goForward()
    await expect(page).toHaveURL(/\/properties\/\d+$/)
    await expect.poll(() => scrollY(page)).toBe(0)
  })
})

test.describe('focus and title after a page change', () => {
  test('the first page keeps the focus at the top; a new page’s h1 takes it', async ({
    page,
    login,
  }) => {
    await login('verwalter')
    await page.goto('/faq')
    await expect(h1(page)).toHaveText('Häufige Fragen')
    await expect(page).toHaveTitle(`Häufige Fragen – ${APP_TITLE}`)
    await expect(h1(page)).not.toBeFocused()

    await mainNavigationLink(page, 'Liegenschaften').click()
    await expect(h1(page)).toHaveText('Liegenschaften')
    await expect(h1(page)).toBeFocused()
    await expect(page).toHaveTitle(`Liegenschaften – ${APP_TITLE}`)
    await expect(announced(page, 'Liegenschaften')).toBeAttached()

    await page.goBack()
    await expect(h1(page)).toHaveText('Häufige Fragen')
    await expect(h1(page)).toBeFocused()
    await expect(page).toHaveTitle(`Häufige Fragen – ${APP_TITLE}`)
    await expect(announced(page, 'Häufige Fragen')).toBeAttached()
  })

  test('by keyboard: Enter on a link moves on to the new page’s heading', async ({
    page,
    login,
  }) => {
    await login('verwalter')
    await mainNavigationLink(page, 'Konto').focus()
    await page.keyboard.press('Enter')
    await expect(h1(page)).toHaveText('Konto')
    await expect(h1(page)).toBeFocused()
    await expect(page).toHaveTitle(`Konto – ${APP_TITLE}`)
    // the next Tab starts from the heading, into the page's content, not back to the menu
    await page.keyboard.press('Tab')
    const next = await page.evaluate(() =>
      document.activeElement?.closest('main') ? 'main' : document.activeElement?.tagName,
    )
    expect(next).toBe('main')
  })

  test('on a phone, the drawer sits above the app bar, has a name and hands the focus on', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await login('verwalter')
    await page.getByRole('button', { name: 'Navigation öffnen' }).click()
    const drawer = page.getByRole('dialog', { name: 'Navigation' })
    await expect(drawer).toBeVisible()
    const dashboard = drawer.getByRole('link', { name: 'Dashboard' })
    await expect(dashboard).toBeInViewport()
    // nothing covers the first entry: the app bar used to lie over it. The drawer slides in, so
    // the point is taken again until it has come to rest.
    await expect
      .poll(async () => {
        const box = (await dashboard.boundingBox())!
        return page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent,
          [box.x + box.width / 2, box.y + box.height / 2],
        )
      })
      .toBe('Dashboard')

    await drawer.getByRole('link', { name: 'FAQ' }).click()
    await expect(drawer).toBeHidden()
    await expect(h1(page)).toHaveText('Häufige Fragen')
    await expect(h1(page)).toBeFocused()
  })
})

test.describe('names and focus rings of the shell', () => {
  test('the user menu and the tiles are named by what they show', async ({ page, login }) => {
    await login('verwalter')
    const menu = page.getByRole('button', { name: 'Thomas Brandt, Benutzermenü' })
    await expect(menu).toContainText('Thomas Brandt')
    await expect(propertyTiles(page).first()).toContainText('Produkt:')
    const names = await propertyTiles(page).evaluateAll((links) =>
      links.map((link) => link.textContent),
    )
    expect(new Set(names).size).toBe(names.length)
    const results = await new AxeBuilder({ page })
      .withRules(['label-content-name-mismatch'])
      .analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  })

  test('keyboard focus shows a 2px ring on tiles and menu items', async ({ page, login }) => {
    await login('verwalter')
    // the dashboard's tiles above the properties load on their own: one arriving between the two
    // key presses takes the Tab, so the page settles first and the keys are pressed again if so
    await page.waitForLoadState('networkidle')
    await expect(async () => {
      await propertyTiles(page).first().focus()
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      await expect(propertyTiles(page).first()).toBeFocused({ timeout: 1000 })
    }).toPass()
    expect(await focusRing(page)).toEqual({ style: 'solid', width: '2px', offset: '-2px' })

    await page.getByRole('button', { name: /Benutzermenü/ }).focus()
    expect(await focusRing(page)).toEqual({ style: 'solid', width: '2px', offset: '2px' })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeFocused()
    expect(await focusRing(page)).toEqual({ style: 'solid', width: '2px', offset: '-2px' })
  })
})

import type { Locator, Page } from '@playwright/test'
import { compareAddresses } from '../../packages/domain/src/format/address.ts'
import { chooseOption, expect, test } from '../fixtures'
import { showCostList } from '../pages/costs'
import { unitsTable } from '../pages/navigation'

/**
 * Decision 020, the data tables: every sortable column sorts both ways by what it shows, a new page
 * size keeps the first row on screen, the table state lives in the address (reload, back, the
 * link back to the list), and wide tables scroll in a region of their own.
 */

type Compare = (a: string, b: string) => number

/** German collation, runs of digits as numbers ('NE-2' before 'NE-10'), as the table sorts text. */
const collator = new Intl.Collator('de', { numeric: true })
const text: Compare = (a, b) => collator.compare(a, b)

/** 'Albrecht-Haushofer-Str. 138b' as street, house number and suffix. */
function address(shown: string) {
  const match = /^(.*\S)\s+(\d+)(\S*)$/.exec(shown)
  return match
    ? { street: match[1], houseNumber: match[2], houseNumberSuffix: match[3] }
    : { street: shown, houseNumber: null, houseNumberSuffix: null }
}
const byAddress: Compare = (a, b) => compareAddresses(address(a), address(b))

/** '63067 Offenbach am Main': by what the cell shows first, the postal code, then the place (decision 044). */
function place(shown: string) {
  const match = /^(\d{5})\s+(.*)$/.exec(shown)
  return match ? { code: match[1]!, city: match[2]! } : { code: '', city: shown }
}
const byPlace: Compare = (a, b) =>
  text(place(a).code, place(b).code) || text(place(a).city, place(b).city)

/** Empty cells sort last in either direction. */
function expectOrdered(values: readonly string[], compare: Compare, order: 'asc' | 'desc') {
  const filled = values.filter((value) => value !== '')
  expect(values.slice(filled.length).every((value) => value === '')).toBe(true)
  const sign = order === 'asc' ? 1 : -1
  for (let i = 1; i < filled.length; i++) {
    const [before, after] = [filled[i - 1]!, filled[i]!]
    expect(
      sign * Math.sign(compare(before, after)),
      `${order}: "${before}" before "${after}"`,
    ).toBeLessThanOrEqual(0)
  }
}

/** The texts of one column, by its header, on the current page. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim())
  const index = headers.indexOf(header)
  expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0)
  const rows = await table.locator('tbody tr').all()
  return Promise.all(
    rows.map(async (row) => (await row.locator('th, td').nth(index).innerText()).trim()),
  )
}

/** The rows-per-page choice of this table: a page may show several paged tables. */
function rowsPerPage(table: Locator) {
  return table
    .locator('xpath=ancestor::div[.//*[@role="combobox"]][1]')
    .getByRole('combobox', { name: /Zeilen pro Seite/ })
}

async function showAllRows(page: Page, table: Locator) {
  await chooseOption(rowsPerPage(table), { name: 'Alle' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
}

/** Sorts by the column ascending, then descending, and checks the cells each time. */
async function checkSorting(table: Locator, header: string, compare: Compare) {
  const cell = table.getByRole('columnheader', { name: header, exact: true })
  const button = cell.getByRole('button')
  await button.click()
  await expect(cell).toHaveAttribute('aria-sort', 'ascending')
  const ascending = await columnTexts(table, header)
  expectOrdered(ascending, compare, 'asc')
  await button.click()
  await expect(cell).toHaveAttribute('aria-sort', 'descending')
  const descending = await columnTexts(table, header)
  expectOrdered(descending, compare, 'desc')
  // the same rows, and a different order wherever the column holds different values
  expect([...descending].sort()).toEqual([...ascending].sort())
  if (new Set(ascending).size > 1) expect(descending).not.toEqual(ascending)
  await button.click()
  await expect(cell).not.toHaveAttribute('aria-sort', /ascending|descending/)
}

const propertiesTable = (page: Page) => page.getByRole('table', { name: 'Ihre Liegenschaften' })
const firstCells = (table: Locator) => table.locator('tbody tr th').allInnerTexts()

/** A sortable table: where it is, how all its rows are shown, and how each column sorts. */
interface SortedTable {
  name: string
  address: string
  table: (page: Page) => Locator
  showAll: (page: Page, table: Locator) => Promise<void>
  columns: Record<string, Compare>
}

const SORTED_TABLES: SortedTable[] = [
  {
    name: 'properties',
    address: '/properties',
    table: propertiesTable,
    showAll: async (page, table) => {
      await showAllRows(page, table)
      await expect(table.locator('tbody tr')).toHaveCount(12)
    },
    columns: {
      Bezeichnung: text,
      Adresse: byAddress,
      Ort: byPlace,
      Produkt: text,
      Anschluss: text,
    },
  },
  {
    name: 'units',
    address: '/properties/1000000007',
    table: unitsTable,
    showAll: async (page, table) => {
      await expect(table.locator('tbody tr th').first()).toContainText('NE-')
      await showAllRows(page, table)
    },
    columns: { Nutzeinheit: text, Position: text, Lage: text, Adresse: byAddress },
  },
]

test.describe('sorting by what the columns show', () => {
  for (const sorted of SORTED_TABLES) {
    test(`every column of the ${sorted.name} table, both ways`, async ({ page, login }) => {
      await login('verwalter')
      await page.goto(sorted.address)
      const table = sorted.table(page)
      await sorted.showAll(page, table)
      for (const [header, compare] of Object.entries(sorted.columns)) {
        await checkSorting(table, header, compare)
      }
    })
  }
})

test('a new page size keeps the first row of the page on screen', async ({ page, login }) => {
  await login('verwalter')
  // five rows a page, as only the address can ask for: page 3 starts with row 11
  await page.goto('/properties?size=5&page=3')
  const table = propertiesTable(page)
  await expect(page.getByText('11–12 von 12')).toBeVisible()
  const first = (await firstCells(table))[0]!
  await chooseOption(page.getByRole('combobox', { name: /Zeilen pro Seite/ }), {
    name: '10',
    exact: true,
  })
  // row 11 is the first of page 2 of 10, not of page 1
  await expect(page.getByText('11–12 von 12')).toBeVisible()
  expect((await firstCells(table))[0]).toBe(first)
  await chooseOption(page.getByRole('combobox', { name: /Zeilen pro Seite/ }), { name: '25' })
  await expect(page.getByText('1–12 von 12')).toBeVisible()
  expect(await firstCells(table)).toContain(first)
})

test.describe('the table state in the address', () => {
  test('sort, page and search survive a reload and back', async ({ page, login }) => {
    await login('verwalter')
    await page.goto('/properties')
    const table = propertiesTable(page)
    const sort = table.getByRole('columnheader', { name: 'Adresse', exact: true })
    await sort.getByRole('button').click()
    await sort.getByRole('button').click()
    await page.getByRole('button', { name: 'Zur nächsten Seite' }).click()
    await expect(page.getByText('11–12 von 12')).toBeVisible()
    const shown = await firstCells(table)
    await expect(page).toHaveURL(/[?&]sort=-address(&|$)/)

    await page.reload()
    await expect(page.getByText('11–12 von 12')).toBeVisible()
    await expect(sort).toHaveAttribute('aria-sort', 'descending')
    await expect.poll(() => firstCells(table)).toEqual(shown)

    await table.locator('tbody tr').first().getByRole('link').click()
    await expect(page).toHaveURL(/\/properties\/\d+$/)
    await page.goBack()
    await expect(page.getByText('11–12 von 12')).toBeVisible()
    await expect.poll(() => firstCells(table)).toEqual(shown)

    // back again steps through the pages and sorts chosen, not past them
    await page.goBack()
    await expect(page.getByText('1–10 von 12')).toBeVisible()
    await expect(sort).toHaveAttribute('aria-sort', 'descending')

    // typing a search replaces the entry instead of adding one per letter
    await page.getByRole('searchbox', { name: 'Suchen', exact: true }).pressSequentially('Wohn')
    await expect(page).toHaveURL(/[?&]q=Wohn(&|$)/)
    await page.goBack()
    await expect(sort).toHaveAttribute('aria-sort', 'ascending')
    await expect(page.getByRole('searchbox', { name: 'Suchen', exact: true })).toHaveValue('')
  })

  test('"Zurück zu den Liegenschaften" returns to the list with its search', async ({
    page,
    login,
  }) => {
    await login('verwalter')
    await page.goto('/properties')
    const table = propertiesTable(page)
    await page.getByRole('searchbox', { name: 'Suchen', exact: true }).fill('Mainz')
    await expect(page).toHaveURL(/[?&]q=Mainz(&|$)/)
    // the address changes first, the table filters on the next render
    await expect.poll(() => table.locator('tbody tr').count()).toBeLessThan(10)
    const found = await firstCells(table)
    expect(found.length).toBeGreaterThan(0)
    expect(found.length).toBeLessThan(12)

    await table.locator('tbody tr').first().getByRole('link').click()
    await page.getByRole('link', { name: 'Zurück zu den Liegenschaften' }).click()
    await expect(page).toHaveURL(/\/properties\?q=Mainz$/)
    await expect(page.getByRole('searchbox', { name: 'Suchen', exact: true })).toHaveValue('Mainz')
    await expect.poll(() => firstCells(table)).toEqual(found)
  })

  test('the units table keeps its search on the way back from a unit', async ({ page, login }) => {
    await login('verwalter')
    await page.goto('/properties/1000000007')
    const table = unitsTable(page)
    await expect(table.locator('tbody tr th').first()).toContainText('NE-')
    await page.getByRole('searchbox', { name: 'Nutzeinheiten durchsuchen' }).fill('OG')
    await expect(page).toHaveURL(/[?&]units\.q=OG(&|$)/)
    await expect
      .poll(async () =>
        (await table.locator('tbody tr').allInnerTexts()).every((row) =>
          row.toLowerCase().includes('og'),
        ),
      )
      .toBe(true)
    const found = await firstCells(table)
    expect(found.length).toBeGreaterThan(0)
    await table.locator('tbody tr').first().getByRole('link').click()
    await expect(page).toHaveURL(/\/units\//)
    await page.getByRole('link', { name: 'Zurück zur Liegenschaft' }).click()
    await expect(page.getByRole('searchbox', { name: 'Nutzeinheiten durchsuchen' })).toHaveValue(
      'OG',
    )
    await expect(table.locator('tbody tr th')).toHaveText(found)
  })
})

test.describe('wide tables on narrow screens', () => {
  test('a phone scrolls the table, not the page; name and pager stay reachable', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await login('verwalter')
    await page.goto('/properties')
    const region = page.getByRole('region', { name: /^Ihre Liegenschaften \(Tabelle/ })
    await expect(region).toHaveAttribute('tabindex', '0')
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    const name = propertiesTable(page).locator('tbody tr th').first()
    const before = (await name.boundingBox())!
    await region.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
    // the key column stays where it was
    expect((await name.boundingBox())!.x).toBe(before.x)
    for (const pager of ['Zur ersten Seite', 'Zur letzten Seite']) {
      const box = (await page.getByRole('button', { name: pager }).boundingBox())!
      expect(box.x + box.width, pager).toBeLessThanOrEqual(320)
    }
    await page.getByRole('button', { name: 'Zur letzten Seite' }).click()
    await expect(page.getByText('11–12 von 12')).toBeVisible()
  })

  for (const width of [320, 1440]) {
    test(`the cost lines keep their actions in view at ${width} px`, async ({ page, login }) => {
      await page.setViewportSize({ width, height: 900 })
      await login('verwalter')
      await page.goto('/properties/1000000002/costs')
      const table = await showCostList(page, 'Heiz- und Nebenkosten')
      const edit = table.getByRole('button', { name: /bearbeiten$/ }).first()
      await expect(edit).toBeVisible()
      const box = (await edit.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      expect(box.x).toBeGreaterThanOrEqual(0)
      // the fields that are not columns open below the line
      const toggle = table.getByRole('button', { name: /^Einzelheiten zu / }).nth(1)
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await expect(table.getByText('Netto umlagefähig')).toBeVisible()
    })
  }
})

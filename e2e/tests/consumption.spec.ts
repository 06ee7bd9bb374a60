import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { formatMonth } from '../../packages/domain/src/consumption/monthly-consumption.ts'
import { checkScreen, chooseOption, expect, signIn, test } from '../fixtures'

/**
 * Decision 033, monthly consumption information (§6a HeizkostenV): a user's chart read by
 * keyboard and through its table, the CSV and the month's PDF with the same figures, a unit whose
 * tenant changed showing each tenant only his own months, and the property overview with the
 * units far above the average. The figures are checked against the API's answer, formatted here
 * on their own; a month is named as the domain names it ('Oktober 2026').
 */

type Month = {
  month: string
  consumption: string | null
  previousMonth: string | null
  sameMonthLastYear: string | null
  averageForArea: string | null
}
type Series = { typeClass: string; unit: string; months: Month[] }
type User = {
  businessPartner: string
  name: string
  periods: { contract: string; from: string; until: string | null }[]
}
type Report = { user: User | null; users: User[]; months: string[]; series: Series[] }

/** '2063.800' in kWh → '2.063,8 kWh' (water to the litre: three decimals). */
const shown = (value: string, unit: string) =>
  `${new Intl.NumberFormat('de-DE', {
    minimumFractionDigits: unit === 'm³' ? 3 : 1,
    maximumFractionDigits: unit === 'm³' ? 3 : 1,
  }).format(Number(value))}\u00a0${unit}`

async function api<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status(), url).toBe(200)
  return (await response.json()) as T
}

type OverviewItem = { pointOfDelivery: string; reference: string; farAboveAverage: boolean }

/** The signed-in user's properties with remotely read meters, with their overview's units. */
async function* radioProperties(page: Page) {
  const token = (await page.evaluate(() => sessionStorage.getItem('kundenportal.token')))!
  const search = await page.request.post('/api/persistence/connections-search?limit=50', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  })
  const { items } = (await search.json()) as { items: { connection: string }[] }
  for (const { connection } of items) {
    const overview = await api<{ items: OverviewItem[] }>(
      page.request,
      token,
      `/api/persistence/connections/${connection}/monthly-consumption`,
    )
    const report = (pointOfDelivery: string) =>
      api<Report>(
        page.request,
        token,
        `/api/persistence/points-of-delivery/${pointOfDelivery}/monthly-consumption`,
      )
    yield { connection, items: overview.items, report }
  }
}

/**
 * A unit far above its property's average whose current user has at least two months (the chart
 * moves between them), with his report.
 */
async function radioUnit(page: Page) {
  for await (const { connection, items, report } of radioProperties(page)) {
    for (const unit of items.filter((item) => item.farAboveAverage)) {
      const answer = await report(unit.pointOfDelivery)
      if (answer.months.length >= 2) return { connection, unit, report: answer }
    }
  }
  throw new Error('no property with a unit far above its average')
}

/** A unit whose current user moved in after the first of the twelve months, after another one. */
async function unitWithTenantChange(page: Page) {
  for await (const { connection, items, report } of radioProperties(page)) {
    for (const pointOfDelivery of new Set(items.map((item) => item.pointOfDelivery))) {
      const answer = await report(pointOfDelivery)
      const movedIn = answer.user?.periods[0]?.from
      const before = answer.users.find((u) => u.businessPartner !== answer.user?.businessPartner)
      // he moved in on the 1st of a month of the twelve, and another user had the unit before
      if (movedIn?.endsWith('-01') && movedIn.slice(0, 7) === answer.months[0] && before) {
        return { connection, pointOfDelivery, report: answer, movedIn, before }
      }
    }
  }
  throw new Error('the demo data has no unit whose tenant changed within the twelve months')
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) }
}

/** Tabs forward from the page's top until the focus is inside `target`. */
async function tabInto(page: Page, target: Locator) {
  await page.locator('h1').first().focus()
  for (let stop = 0; stop < 80; stop++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element.contains(document.activeElement))) return
  }
  throw new Error('the keyboard never reached the chart')
}

test('a unit’s months: the chart by keyboard, its table, the CSV and the PDF say the same', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  const { connection, unit, report } = await radioUnit(page)
  const series = report.series[0]!
  const last = series.months.at(-1)!
  await page.goto(`/properties/${connection}/units/${unit.pointOfDelivery}`)
  const section = page.getByRole('region', { name: 'Verbrauch je Monat' })
  const chart = section.getByRole('group', { name: /^Diagramm: / })
  const count = series.months.length
  await expect(chart.getByRole('listitem')).toHaveCount(count)
  // the value axis names its unit
  await expect(section.getByTestId('consumption-axis-unit')).toHaveText(series.unit)
  await checkScreen(page, 'consumption-unit')

  // by keyboard: one tab stop on the last month, the arrows and Home/End move through the months
  await tabInto(page, chart)
  const focused = page.locator(':focus')
  await expect(focused).toHaveAccessibleName(
    new RegExp(`^${formatMonth(last.month)}: ${shown(last.consumption!, series.unit)}`),
  )
  await expect(section.getByTestId('consumption-summary')).toContainText(
    `Im ${formatMonth(last.month)} verbrauchten Sie ${shown(last.consumption!, series.unit)}.`,
  )
  await page.keyboard.press('ArrowLeft')
  const before = series.months.at(-2)!
  await expect(focused).toHaveAccessibleName(new RegExp(`^${formatMonth(before.month)}: `))
  await expect(section.getByTestId('consumption-summary')).toContainText(formatMonth(before.month))
  await page.keyboard.press('Home')
  await expect(focused).toHaveAccessibleName(
    new RegExp(`^${formatMonth(series.months[0]!.month)}: `),
  )
  await page.keyboard.press('End')
  await expect(focused).toHaveAccessibleName(new RegExp(`^${formatMonth(last.month)}: `))
  // the comparisons are in the name too
  if (last.sameMonthLastYear) {
    await expect(focused).toHaveAccessibleName(
      new RegExp(`Vorjahresmonat ${shown(last.sameMonthLastYear, series.unit)}`),
    )
  }

  // the table holds every month with the same figures
  const table = section.getByRole('table')
  const lastRow = table.getByRole('row', { name: new RegExp(`^${formatMonth(last.month)}`) })
  await expect(lastRow.getByRole('cell').first()).toHaveText(shown(last.consumption!, series.unit))
  await expect(table.locator('tbody tr')).toHaveCount(count)

  // the CSV for German Excel
  const exportName = await table.evaluate(
    (element) => element.querySelector('caption')?.textContent ?? '',
  )
  const csv = await download(page, async () => {
    await section.getByRole('button', { name: `${exportName} exportieren` }).click()
    await page.getByRole('menuitem', { name: /CSV/ }).click()
  })
  expect(csv.name).toMatch(/\.csv$/)
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = csv.bytes.toString('utf8').slice(1).split('\r\n')
  expect(lines[0]!.split(';')[0]).toBe('Monat')
  expect(lines.slice(1, -1)).toHaveLength(count)
  const lastLine = lines.find((line) => line.startsWith(`${formatMonth(last.month)};`))!
  // the number a German Excel reads: decimal comma, no thousands separator, the screen's decimals
  const digits = { kWh: 1, 'm³': 3, Einheiten: 1 }[series.unit]
  const cell = lastLine.split(';')[1]!
  expect(cell).toMatch(new RegExp(`^-?\\d+,\\d{${digits},}$`))
  expect(Number(cell.replace(',', '.'))).toBe(Number(last.consumption))
  // a change is a number of percent, its unit in the header
  expect(lines[0]).toContain('Änderung zum Vormonat (%)')

  // the month's PDF: the month chosen drives the summary and the chart too
  await chooseOption(section.getByRole('combobox', { name: 'Monat der Verbrauchsinformation' }), {
    name: formatMonth(before.month),
  })
  await expect(section.getByTestId('consumption-summary')).toContainText(
    `Im ${formatMonth(before.month)} verbrauchten Sie`,
  )
  await expect(chart.locator('[role="listitem"][tabindex="0"]')).toHaveAccessibleName(
    new RegExp(`^${formatMonth(before.month)}: `),
  )
  const pdf = await download(page, () =>
    section.getByRole('button', { name: 'Verbrauchsinformation als PDF' }).click(),
  )
  expect(pdf.name).toBe(`Verbrauchsinformation ${unit.reference} ${before.month}.pdf`)
  const text = pdf.bytes.toString('latin1')
  expect(text.startsWith('%PDF-')).toBe(true)
  expect(text).toContain(`(Verbrauchsinformation ${formatMonth(before.month)})`)
  expect(text).toContain(`(Nutzeinheit: ${unit.reference})`)
  expect(text).toContain(`(Nutzer: ${report.user!.name})`)
  for (const s of report.series) {
    const month = s.months.at(-2)!
    if (month.consumption) expect(text).toContain(`(${shown(month.consumption, s.unit)})`)
    if (month.previousMonth) expect(text).toContain(`(${shown(month.previousMonth, s.unit)})`)
  }

  // the month stays chosen on the other meter type
  if (report.series.length > 1) {
    await section
      .getByRole('button', { name: /^(Heizung|Warmwasser) / })
      .last()
      .click()
    await expect(section.getByTestId('consumption-summary')).toContainText(
      `Im ${formatMonth(before.month)} verbrauchten Sie`,
    )
  }

  // on the narrowest phone the chart and the table reflow without sideways scrolling of the page
  await page.setViewportSize({ width: 320, height: 800 })
  await expect(chart.getByRole('listitem')).toHaveCount(count)
  await checkScreen(page, 'consumption-unit-320')
})

test('after a tenant change the new tenant is shown no month before his move-in, nor the one before him any after', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  const { connection, pointOfDelivery, report, movedIn, before } = await unitWithTenantChange(page)
  const movedInMonth = movedIn.slice(0, 7)
  await page.goto(`/properties/${connection}/units/${pointOfDelivery}`)
  const section = page.getByRole('region', { name: 'Verbrauch je Monat' })
  const chooser = section.getByRole('combobox', { name: 'Nutzer' })
  // today's tenant first
  await expect(chooser).toContainText(report.user!.name)
  const chart = section.getByRole('group', { name: /^Diagramm: / })
  await expect(chart.getByRole('listitem')).toHaveCount(report.months.length)
  const rows = section.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(report.months.length)
  const shownMonths = await rows.evaluateAll((cells) =>
    cells.map((row) => row.querySelector('th, td')?.textContent ?? ''),
  )
  expect(shownMonths).toEqual(report.months.map(formatMonth))
  expect(report.months.every((month) => month >= movedInMonth)).toBe(true)
  // the month before his move-in is neither a bar nor a row
  const [year, month] = movedInMonth.split('-').map(Number) as [number, number]
  const nameBefore = formatMonth(new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7))
  await expect(section.getByRole('table')).not.toContainText(nameBefore)
  await expect(chart.getByRole('listitem', { name: new RegExp(`^${nameBefore}`) })).toHaveCount(0)
  await checkScreen(page, 'consumption-tenant-change')

  // the tenant before him: only his months, none from the new tenant's move-in on
  await chooseOption(chooser, { name: new RegExp(`^${before.name} `) })
  await expect(chooser).toContainText(before.name)
  const earlier = await rows.evaluateAll((cells) =>
    cells.map((row) => row.querySelector('th, td')?.textContent ?? ''),
  )
  for (const month of report.months) expect(earlier).not.toContain(formatMonth(month))
})

test('the property lists its units against the average and marks those far above', async ({
  page,
}) => {
  await signIn(page, 'verwalter')
  const { connection, unit } = await radioUnit(page)
  await page.goto(`/properties/${connection}`)
  const section = page.getByRole('region', { name: 'Verbrauch der Nutzeinheiten' })
  const table = section.getByRole('table')
  // the farthest above first, marked, and a link to its unit
  const first = table.locator('tbody tr').first()
  await expect(first).toContainText('weit über dem Durchschnitt')
  await expect(table.getByRole('link', { name: unit.reference }).first()).toBeVisible()
  await checkScreen(page, 'consumption-overview')
  await page.setViewportSize({ width: 320, height: 800 })
  await checkScreen(page, 'consumption-overview-320')
  await table.getByRole('link', { name: unit.reference }).first().click()
  await expect(page.getByRole('region', { name: 'Verbrauch je Monat' })).toBeVisible()
})

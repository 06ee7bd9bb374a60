/**
 * The portal in Debian's Chromium: the API calls it makes while a user browses (replayed by the
 * mixed scenario), the gzip JavaScript it loads, and Lighthouse scores for login and dashboard
 * (each page on a phone three times, its median counting: `lighthouseRunCount`).
 */
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { launch as launchChrome } from 'chrome-launcher'
import { chromium, type Page, type Request } from 'playwright-core'
import puppeteer, { type Page as PuppeteerPage } from 'puppeteer-core'
import { gzipSync } from 'node:zlib'
import { lighthouseRunCount, medianRun } from './targets'

export interface Credentials {
  baseUrl: string
  userName: string
  password: string
}

export interface RecordedCall {
  method: string
  path: string
  body?: string
  contentType?: string
}

/** Lighthouse on a page and form factor; of the median run when it ran several times. */
export interface LighthouseFigures {
  page: 'login' | 'dashboard'
  formFactor: 'desktop' | 'mobile'
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  /**
   * Lighthouse's measure of the machine's CPU (`environment.benchmarkIndex`): its slowdown of the
   * CPU is relative to the machine, so a score means the phone it stands for only with this index.
   */
  benchmarkIndex: number
  /** The performance score of every run, in order, when the page ran more than once. */
  performanceRuns?: number[]
}

export interface PortalFigures {
  javascriptGzipKb: { authenticate: number; dashboard: number }
  lighthouse: LighthouseFigures[]
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags for a headless Chromium on a machine without a network beyond localhost. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The dashboard's property tiles: a list named by its heading, each tile a link. */
const propertyTiles = (page: Page) =>
  page.getByRole('list', { name: 'Ihre Liegenschaften' }).getByRole('link')

async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.goto(`${credentials.baseUrl}/authenticate`)
  await submitSignIn(page, credentials)
}

/** Fills and sends the sign-in form of the page on /authenticate, waits for the dashboard. */
async function submitSignIn(page: Page, { userName, password }: Credentials): Promise<void> {
  await page.getByLabel(/^Benutzername/).fill(userName)
  await page
    .getByLabel(/^Passwort/)
    .and(page.locator('input'))
    .fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL(/\/dashboard$/)
}

/**
 * Opens the dashboard, the first property, its first usage unit and its cost allocation, and
 * returns every API call the portal made after sign-in, in order.
 */
export async function recordPortalCalls(credentials: Credentials): Promise<RecordedCall[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage()
    await signIn(page, credentials)
    const calls: RecordedCall[] = []
    const api = (request: Request) => new URL(request.url()).pathname.startsWith('/api/')
    let inFlight = 0
    let lastActivity = Date.now()
    const record = (request: Request) => {
      if (!api(request)) return
      inFlight++
      lastActivity = Date.now()
      const url = new URL(request.url())
      const body = request.postData() ?? undefined
      const contentType = request.headers()['content-type'] ?? undefined
      calls.push({ method: request.method(), path: url.pathname + url.search, body, contentType })
    }
    const finished = (request: Request) => {
      if (!api(request)) return
      inFlight--
      lastActivity = Date.now()
    }
    /** Waits until the screen's data has loaded: no API call open or started for 750 ms. */
    const settled = async () => {
      while (inFlight > 0 || Date.now() - lastActivity < 750) await page.waitForTimeout(100)
    }
    page.on('request', record)
    page.on('requestfinished', finished)
    page.on('requestfailed', finished)
    // the dashboard as a user lands on it: a fresh load with the session in place
    await page.reload()
    await propertyTiles(page).first().click()
    await page.waitForURL(/\/properties\/\d+$/)
    const unit = page
      .getByRole('table', { name: 'Nutzeinheiten der Liegenschaft' })
      .locator('tbody tr')
      .first()
      .getByRole('link')
    await unit.waitFor()
    await settled()
    await unit.click()
    await page.waitForURL(/\/units\//)
    // the address changes before the unit screen's code has loaded: wait for its heading
    await page.getByRole('heading', { level: 1, name: /^Nutzeinheit/ }).waitFor()
    await settled()
    await page.goBack()
    await page.getByRole('link', { name: 'Kostenverteilung öffnen' }).click()
    await page.waitForURL(/\/costs/)
    await page.getByRole('combobox', { name: 'Kostenverteilung' }).waitFor()
    await page.getByRole('tabpanel').getByRole('table').first().waitFor()
    await settled()
    page.off('request', record)
    return calls
  } finally {
    await browser.close()
  }
}

/**
 * Sums the gzip size (zlib's default level, as the build's budget does) of the JavaScript files
 * the page loaded, each file once. What the sign-in page prefetches for the page after it
 * (`<link rel="prefetch">`, not run) is no script load and counts when that page runs it.
 */
function javascriptCounter(page: Page) {
  const sizes = new Map<string, number>()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    response.body().then(
      (body) => sizes.set(response.url(), gzipSync(body).length),
      () => undefined,
    )
  })
  return () => [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024
}

async function measureJavascript(credentials: Credentials) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage()
    const loaded = javascriptCounter(page)
    await page.goto(`${credentials.baseUrl}/authenticate`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Anmelden' }).waitFor()
    const authenticate = loaded()
    await submitSignIn(page, credentials)
    await page.waitForLoadState('networkidle')
    await propertyTiles(page).first().waitFor()
    return { authenticate, dashboard: loaded() }
  } finally {
    await browser.close()
  }
}

/** Lighthouse could not measure the page (it lost the trace of the load, NO_NAVSTART, and the like). */
class LighthouseRuntimeError extends Error {
  constructor(message: string) {
    super(`Lighthouse: ${message}`)
  }
}

function figuresOf(
  result: RunnerResult | undefined,
  page: LighthouseFigures['page'],
  formFactor: LighthouseFigures['formFactor'],
): LighthouseFigures {
  const lhr = result?.lhr
  if (!lhr) throw new Error(`Lighthouse lieferte kein Ergebnis für ${page} (${formFactor})`)
  if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError.message)
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    page,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  }
}

/** Signs in on the sign-in page; the portal then opens the dashboard as a page of its own. */
async function puppeteerSignIn(page: PuppeteerPage, credentials: Credentials): Promise<void> {
  await page.goto(`${credentials.baseUrl}/authenticate`, { waitUntil: 'networkidle0' })
  await page.locator('input[autocomplete="username"]').fill(credentials.userName)
  await page.locator('input[autocomplete="current-password"]').fill(credentials.password)
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.locator('button[type="submit"]').click(),
  ])
  if (new URL(page.url()).pathname !== '/dashboard')
    throw new Error(`Anmeldung führte nach ${page.url()}, nicht zum Dashboard`)
}

/** One Lighthouse run (performance and accessibility) in a browser of its own. */
async function lighthouseRun(
  credentials: Credentials,
  target: LighthouseFigures['page'],
  formFactor: LighthouseFigures['formFactor'],
): Promise<LighthouseFigures> {
  // a fresh browser for every run: no cache or storage carried from one run to the next
  const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS })
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
    const page = await browser.newPage()
    const flags: Flags = {
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
      // the dashboard run keeps the session the sign-in below puts into the page
      disableStorageReset: target === 'dashboard',
    }
    let url = `${credentials.baseUrl}/authenticate`
    if (target === 'dashboard') {
      await puppeteerSignIn(page, credentials)
      url = `${credentials.baseUrl}/dashboard`
    }
    const config = formFactor === 'desktop' ? desktopConfig : undefined
    const result = await lighthouse(url, flags, config, page)
    const figures = figuresOf(result, target, formFactor)
    await browser.disconnect()
    return figures
  } finally {
    chrome.kill()
  }
}

/**
 * Lighthouse on login and dashboard, desktop and mobile; a page that runs several times (the
 * pages on a phone, `lighthouseRunCount`) is given by its median run, with every run's score.
 */
async function measureLighthouse(credentials: Credentials): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = []
  for (const formFactor of ['desktop', 'mobile'] as const) {
    for (const target of ['login', 'dashboard'] as const) {
      const runs: LighthouseFigures[] = []
      for (let run = 0; run < lighthouseRunCount(formFactor); run++) {
        // a run Lighthouse itself could not record is tried once more (six runs make it likelier)
        runs.push(
          await lighthouseRun(credentials, target, formFactor).catch((error: unknown) => {
            if (!(error instanceof LighthouseRuntimeError)) throw error
            return lighthouseRun(credentials, target, formFactor)
          }),
        )
      }
      figures.push(runs.length > 1 ? medianRun(runs) : runs[0]!)
    }
  }
  return figures
}

export async function measurePortal(credentials: Credentials): Promise<PortalFigures> {
  const javascriptGzipKb = await measureJavascript(credentials)
  const figures = await measureLighthouse(credentials)
  return { javascriptGzipKb, lighthouse: figures }
}

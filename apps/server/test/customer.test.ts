import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  type ClientCustomerConfig,
  type CustomerConfig,
  type Faq,
} from '@portal/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CUSTOMERS_DIR, loadConfig } from '../src/platform/config'
import { listCustomerIds, loadCustomer } from '../src/platform/load-customer'
import { useTemporaryDirs, useTestContext } from './helper'
import { customerDataBlock, portalPage } from '../src/modules/configuration/routes/portal'

const CUSTOMERS = ['alpha-waerme', 'bergmann-abrechnung', 'clemens-energie', 'dorn-messdienst']
const DEFAULT_NOTICE =
  'Die Kostenerfassung für das Abrechnungsjahr 2024 ist noch nicht geöffnet. Sie wird voraussichtlich Anfang Februar freigeschaltet.'

const temporaryDir = useTemporaryDirs()

describe('the four customer configurations', () => {
  it('are the folders of customers/, in the order of the specification', () => {
    expect(listCustomerIds(DEFAULT_CUSTOMERS_DIR)).toEqual(CUSTOMERS)
  })

  it('all load, each with its own colours, and only the second and third hide the reference', () => {
    const loaded = CUSTOMERS.map((id) => loadCustomer(DEFAULT_CUSTOMERS_DIR, id))
    expect(loaded.map((customer) => customer.config.switches.showContractReference)).toEqual([
      true,
      false,
      false,
      true,
    ])
    expect(new Set(loaded.map((customer) => customer.config.theme.primary)).size).toBe(4)
    expect(new Set(loaded.map((customer) => customer.config.applicationTitle)).size).toBe(4)
    for (const { id, config, faq } of loaded) {
      expect(contrastRatio(config.theme.primary, '#ffffff'), id).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      )
      expect(config.legacyEndpoint, id).toBe('/api/legacy')
      expect(config.apiBaseUrl, id).toBe('')
      const questions = faq.sections.flatMap((section) => section.items)
      expect(questions.length, id).toBeGreaterThanOrEqual(8)
      // a page one reads through: four sections of at most twenty questions together
      expect(questions.length, id).toBeLessThanOrEqual(20)
    }
  })

  it('uses the first as the default, with the notice of the specification', () => {
    const customer = loadCustomer(DEFAULT_CUSTOMERS_DIR)
    expect(customer.id).toBe('alpha-waerme')
    expect(customer.config.applicationTitle).toBe('Alpha Wärme Kundenportal')
    expect(customer.config.billingYear).toBe(2024)
    expect(customer.config.billingYearNotice).toBe(DEFAULT_NOTICE)
  })

  it('is chosen by CUSTOMER, and an unknown one names the known ones', () => {
    const env = { DATA_DIR: path.join(tmpdir(), 'portal-unused'), JWT_SECRET: 'x'.repeat(32) }
    expect(loadConfig({ ...env, CUSTOMER: 'dorn-messdienst' }).customer.id).toBe('dorn-messdienst')
    expect(() => loadConfig({ ...env, CUSTOMER: 'gibt-es-nicht' })).toThrow(
      /CUSTOMER=gibt-es-nicht.*alpha-waerme, bergmann-abrechnung, clemens-energie, dorn-messdienst/,
    )
    expect(() => loadConfig({ ...env, CUSTOMER: '../customers/alpha-waerme' })).toThrow(
      /CUSTOMER=\.\.\/customers\/alpha-waerme/,
    )
  })
})

describe('a broken configuration', () => {
  /** A copy of the default customer as `broken`, changed by `change`. */
  async function brokenCustomer(change: (dir: string) => Promise<void>) {
    const customersDir = await temporaryDir('portal-customers-')
    const dir = path.join(customersDir, 'broken')
    await cp(path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme'), dir, { recursive: true })
    await change(dir)
    return { customersDir, dir }
  }

  const editConfig = (edit: (config: Record<string, unknown>) => void) => async (dir: string) => {
    const file = path.join(dir, 'config.json')
    const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
    edit(config)
    await writeFile(file, JSON.stringify(config))
  }

  const failure = (customersDir: string) => {
    try {
      loadCustomer(customersDir, 'broken')
    } catch (error) {
      return (error as Error).message
    }
    throw new Error('the configuration loaded')
  }

  it('names file and field of a colour that is not one', async () => {
    const { customersDir, dir } = await brokenCustomer(
      editConfig((config) => {
        config.theme = { primary: 'dunkelblau', secondary: '#a84b00' }
      }),
    )
    expect(failure(customersDir)).toBe(
      `${path.join(dir, 'config.json')}: theme.primary: Farbe im Format #rrggbb erwartet`,
    )
  })

  it('names file and field of a primary colour too light for white text', async () => {
    const { customersDir, dir } = await brokenCustomer(
      editConfig((config) => {
        config.theme = { primary: '#ffd700', secondary: '#a84b00' }
      }),
    )
    expect(failure(customersDir)).toMatch(
      new RegExp(`^${path.join(dir, 'config.json')}: theme\\.primary: .*WCAG AA`),
    )
  })

  it('names the field of a missing favicon and the file it looked for', async () => {
    const { customersDir, dir } = await brokenCustomer(
      editConfig((config) => {
        config.favicon = 'fehlt.svg'
      }),
    )
    expect(failure(customersDir)).toBe(
      `${path.join(dir, 'config.json')}: favicon: die Datei ${path.join(dir, 'assets', 'fehlt.svg')} fehlt.`,
    )
  })

  it('names the file with invalid JSON', async () => {
    const { customersDir, dir } = await brokenCustomer((folder) =>
      writeFile(path.join(folder, 'faq.de-DE.json'), '{"sections": [ '),
    )
    expect(failure(customersDir)).toMatch(
      new RegExp(`^${path.join(dir, 'faq.de-DE.json')}: kein gültiges JSON`),
    )
  })

  it('names an unknown key with its path', async () => {
    const { customersDir, dir } = await brokenCustomer(
      editConfig((config) => {
        config.switches = { showContractReference: true, showRefrence: false }
      }),
    )
    expect(failure(customersDir)).toBe(
      `${path.join(dir, 'config.json')}: switches.showRefrence: unbekanntes Feld`,
    )
  })

  it('lists every problem of a file, one a line', async () => {
    const { customersDir, dir } = await brokenCustomer(
      editConfig((config) => {
        delete config.applicationTitle
        config.billingYear = 'zweitausendvierundzwanzig'
      }),
    )
    const lines = failure(customersDir).split('\n')
    expect(lines).toEqual([
      expect.stringMatching(`^${path.join(dir, 'config.json')}: applicationTitle: `),
      expect.stringMatching(`^${path.join(dir, 'config.json')}: billingYear: `),
    ])
  })

  it('names a missing FAQ file', async () => {
    const { customersDir, dir } = await brokenCustomer((folder) =>
      rm(path.join(folder, 'faq.de-DE.json')),
    )
    expect(failure(customersDir)).toBe(
      `${path.join(dir, 'faq.de-DE.json')}: Datei fehlt oder ist nicht lesbar.`,
    )
  })
})

describe('the configuration routes', () => {
  const { ctx } = useTestContext()

  it('answer the default customer configuration without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/configuration/customer' })
    expect(response.statusCode).toBe(200)
    const file = JSON.parse(
      await readFile(path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme', 'config.json'), 'utf8'),
    ) as CustomerConfig
    const body = response.json<ClientCustomerConfig>()
    // the billing information's contacts are the server's to answer (decision 067)
    const { billingInformation, ...clientFields } = file
    expect(billingInformation).toBeDefined()
    expect(body).toEqual({
      ...clientFields,
      id: 'alpha-waerme',
      faviconUrl: expect.stringMatching(/^\/customer-assets\/favicon\.svg\?v=[0-9a-f]{12}$/),
      logoUrl: expect.stringMatching(/^\/customer-assets\/logo\.svg\?v=[0-9a-f]{12}$/),
    })
    expect(body.switches.showContractReference).toBe(true)
  })

  it('answer the FAQ without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/configuration/faq' })
    expect(response.statusCode).toBe(200)
    const file = JSON.parse(
      await readFile(path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme', 'faq.de-DE.json'), 'utf8'),
    ) as Faq
    expect(response.json()).toEqual(file)
  })

  it('serve the assets with their type, cached for good under a versioned address', async () => {
    const config = (
      await ctx.app.inject({ method: 'GET', url: '/api/configuration/customer' })
    ).json<ClientCustomerConfig>()
    const response = await ctx.app.inject({ method: 'GET', url: config.faviconUrl })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.body).toBe(
      await readFile(
        path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme', 'assets', 'favicon.svg'),
        'utf8',
      ),
    )
    const plain = await ctx.app.inject({ method: 'GET', url: '/customer-assets/logo.svg' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['cache-control']).toBe('no-cache')
  })

  it('refuse paths out of the assets folder and unknown files', async () => {
    for (const url of [
      '/customer-assets/..%2Fconfig.json',
      '/customer-assets/..%2F..%2Fbergmann-abrechnung%2Fconfig.json',
      '/customer-assets/.hidden.svg',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(400)
      expect(response.body, url).not.toContain('applicationTitle')
    }
    for (const url of [
      '/customer-assets/../config.json',
      '/customer-assets/fehlt.svg',
      '/customer-assets/config.json',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ detail: expect.any(String), code: 'NOT_FOUND' })
    }
  })

  it('are documented in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>
    }>()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/configuration/customer',
        '/api/configuration/faq',
        '/customer-assets/{file}',
      ]),
    )
  })
})

describe('another customer', () => {
  const { ctx } = useTestContext([], { customer: 'bergmann-abrechnung' })

  it('answers its own configuration: the contract reference hidden', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/configuration/customer' })
    expect(response.statusCode).toBe(200)
    const body = response.json<ClientCustomerConfig>()
    expect(body.id).toBe('bergmann-abrechnung')
    expect(body.switches.showContractReference).toBe(false)
    const logo = await ctx.app.inject({ method: 'GET', url: body.logoUrl })
    expect(logo.body).toContain(body.theme.primary)
  })
})

describe('the built portal', () => {
  const INDEX_HTML = `<!doctype html>
<html lang="de">
  <head>
    <meta name="csp-nonce" content="__CSP_NONCE__" />
    <script type="module" src="/assets/index-4f2a9c.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`
  let dist: string
  beforeAll(async () => {
    dist = await temporaryDir('portal-dist-')
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML)
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n')
    await writeFile(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/authenticate': ['/assets/login-page-1a2b.js', '/assets/x.js"><script>alert(1)</script>'],
        '/dashboard': ['/assets/app-shell-3c4d.js', '/assets/dashboard-page-5e6f.js'],
      }),
    )
    await cp(
      path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme', 'assets'),
      path.join(dist, 'assets'),
      {
        recursive: true,
      },
    )
    await writeFile(path.join(dist, 'assets', 'index-4f2a9c.js'), 'console.log("portal")\n')
  })
  const { ctx } = useTestContext([], () => ({ portalDist: dist }))

  const styleNonce = (csp: string) => /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1]

  it('answers index.html for a route of the app, with the style nonce of the CSP filled in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/dashboard' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    const nonce = styleNonce(String(response.headers['content-security-policy']))
    expect(nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(response.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`)
    expect(response.body).not.toContain('__CSP_NONCE__')

    const again = await ctx.app.inject({ method: 'GET', url: '/' })
    const nonceAgain = styleNonce(String(again.headers['content-security-policy']))
    expect(again.body).toContain(`content="${nonceAgain}"`)
    expect(nonceAgain).not.toBe(nonce)
  })

  it('gives a nonce to the portal answers alone: those of the API share one policy without it (decision 077)', async () => {
    const page = String(
      (await ctx.app.inject({ method: 'GET', url: '/dashboard' })).headers[
        'content-security-policy'
      ],
    )
    // the page admits no inline script either: the nonce is the styles'
    expect(page).toMatch(/script-src 'self';/)
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/token', payload: {} })
    expect(refused.statusCode).toBe(400)
    const policy = String(api.headers['content-security-policy'])
    expect(policy).toContain("style-src 'self';")
    expect(policy).not.toContain('nonce-')
    expect(refused.headers['content-security-policy']).toBe(policy)
    expect(page.replace(/ 'nonce-[0-9a-f]{32}'/, '')).toBe(policy)
    expect(api.headers['x-content-type-options']).toBe('nosniff')
  })

  it('writes the configuration and FAQ of the routes into the page, as data that cannot end it', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/authenticate' })
    const block =
      /<script type="application\/json" id="customer-data">(.*?)<\/script><\/head>/s.exec(page.body)
    expect(block).not.toBeNull()
    const inline = JSON.parse(block![1]!) as { config: unknown; faq: unknown }
    const config = await ctx.app.inject({ method: 'GET', url: '/api/configuration/customer' })
    const faq = await ctx.app.inject({ method: 'GET', url: '/api/configuration/faq' })
    expect(inline).toEqual({ config: config.json(), faq: faq.json() })
    expect(block![1]).not.toContain('<')
  })

  it('names the screen files of the pages users land on for preloading, and no others', async () => {
    const preloads = async (url: string) =>
      [
        ...(await ctx.app.inject({ method: 'GET', url })).body.matchAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        ),
      ].map((match) => match[1])
    expect(await preloads('/authenticate')).toEqual(['/assets/login-page-1a2b.js'])
    expect(await preloads('/dashboard/')).toEqual([
      '/assets/app-shell-3c4d.js',
      '/assets/dashboard-page-5e6f.js',
    ])
    expect(await preloads('/faq')).toEqual([])
    expect(await preloads('/toString')).toEqual([])
  })

  it("keeps a customer text with $' and $& as it is in the page", () => {
    const text = "Kosten in $ – $' und $& und $$ bleiben"
    const page = portalPage('<head><meta content="__CSP_NONCE__"></head><body></body>', {
      styleNonce: 'abc',
      headEnd: customerDataBlock({ text }),
    })
    expect(page).toBe(
      `<head><meta content="abc">${customerDataBlock({ text })}</head><body></body>`,
    )
    const json = /<script type="application\/json" id="customer-data">(.*?)<\/script>/.exec(page)
    expect(JSON.parse(json![1]!)).toEqual({ text })
  })

  it('escapes every < of the data block', () => {
    const block = customerDataBlock({ text: '</script><script>alert(1)</script>' })
    expect(block.match(/<\/script>/g)).toHaveLength(1)
    expect(JSON.parse(/>(.*)<\/script>$/.exec(block)![1]!)).toEqual({
      text: '</script><script>alert(1)</script>',
    })
  })

  it('answers index.html for nested routes and for /index.html', async () => {
    for (const url of ['/properties/4711?tab=contracts', '/faq', '/index.html']) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('<div id="root">')
    }
  })

  it('serves built files, the hashed ones for good', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    expect(robots.headers['cache-control']).toBe('public, max-age=0')
  })

  it('answers a missing build file and paths out of the folder with 404, not the app', async () => {
    for (const url of ['/assets/index-alt.js', '/assets/..%2F..%2Fconfig.json']) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ detail: expect.any(String), code: 'NOT_FOUND' })
    }
    const outside = await ctx.app.inject({ method: 'GET', url: '/..%2F..%2Fpackage.json' })
    // the repository's package.json would name its workspaces
    expect(outside.body).not.toContain('"workspaces"')
  })

  it('still answers unknown API paths with the JSON 404', async () => {
    for (const url of ['/api/gibt-es-nicht', '/api', '/customer-assets', '/customer-assets/a/b']) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ detail: expect.any(String), code: 'NOT_FOUND' })
    }
    const protectedRoute = await ctx.app.inject({
      method: 'GET',
      url: '/api/persistence/partners/1',
    })
    expect(protectedRoute.statusCode).toBe(401)
  })
})

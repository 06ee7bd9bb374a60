import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ClientCustomerConfig } from '@portal/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTemporaryDirs, useTestContext } from '../../../../test/helper'
import { DEFAULT_CUSTOMERS_DIR } from '../../../platform/config'
import { loadCustomer } from '../../../platform/load-customer'
import { CACHED_FOR_A_YEAR, contentHash } from './content-version'
import { clientCustomerData, customerDataHashes } from './customer'

const temporaryDir = useTemporaryDirs()

describe('caching of the portal, the configuration and the assets (decision 026)', () => {
  let dist: string
  beforeAll(async () => {
    dist = await temporaryDir('portal-dist-')
    await mkdir(path.join(dist, 'assets'))
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><head></head><body></body>')
    await writeFile(path.join(dist, 'assets', 'index-Bx3k9a_Q.js'), 'export {}\n')
    await writeFile(path.join(dist, 'assets', 'index-C4fz-1Aa.css'), 'body{}\n')
  })
  const { ctx } = useTestContext([], () => ({ portalDist: dist }))

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers })

  it('keeps the hashed build files for a year and revalidates index.html', async () => {
    for (const url of ['/assets/index-Bx3k9a_Q.js', '/assets/index-C4fz-1Aa.css']) {
      const asset = await get(url)
      expect(asset.statusCode, url).toBe(200)
      expect(asset.headers['cache-control'], url).toBe(CACHED_FOR_A_YEAR)
    }
    for (const url of ['/', '/dashboard', '/index.html']) {
      const page = await get(url)
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['cache-control'], url).toBe('no-cache')
    }
  })

  for (const plain of ['/api/configuration/customer', '/api/configuration/faq']) {
    it(`revalidates ${plain} and keeps its hashed address for a year`, async () => {
      const answer = await get(plain)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['cache-control']).toBe('no-cache')
      const etag = String(answer.headers.etag)
      const hash = contentHash(answer.body)
      expect(etag).toBe(`W/"${hash}"`)
      const hashed = String(answer.headers['content-location'])
      expect(hashed).toBe(`${plain}?v=${hash}`)

      const unchanged = await get(plain, { 'if-none-match': etag })
      expect(unchanged.statusCode).toBe(304)
      expect(unchanged.body).toBe('')
      expect(unchanged.headers.etag).toBe(etag)
      // a strong form of the tag and a list naming it match too (weak comparison)
      expect((await get(plain, { 'if-none-match': `"x", "${hash}"` })).statusCode).toBe(304)
      expect((await get(plain, { 'if-none-match': 'W/"000000000000"' })).statusCode).toBe(200)

      const kept = await get(hashed)
      expect(kept.statusCode).toBe(200)
      expect(kept.headers['cache-control']).toBe(CACHED_FOR_A_YEAR)
      expect(kept.headers.etag).toBe(etag)
      expect(kept.headers['content-location']).toBeUndefined()
      expect(kept.json()).toEqual(answer.json())

      // a hash that is not the content's (a page of an older deployment) is not kept for a year
      const stale = await get(`${plain}?v=000000000000`)
      expect(stale.statusCode).toBe(200)
      expect(stale.headers['cache-control']).toBe('no-cache')
      expect(stale.json()).toEqual(answer.json())
    })
  }

  it('keeps an asset for a year under its hashed address and revalidates the plain one', async () => {
    const config = (await get('/api/configuration/customer')).json<ClientCustomerConfig>()
    const file = await readFile(
      path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme', 'assets', 'logo.svg'),
    )
    expect(config.logoUrl).toBe(`/customer-assets/logo.svg?v=${contentHash(file)}`)
    const kept = await get(config.logoUrl)
    expect(kept.statusCode).toBe(200)
    expect(kept.headers['content-type']).toBe('image/svg+xml')
    expect(kept.headers['cache-control']).toBe(CACHED_FOR_A_YEAR)

    const plain = await get('/customer-assets/logo.svg')
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['cache-control']).toBe('no-cache')
    expect(plain.headers.etag).toBe(`W/"${contentHash(file)}"`)
    expect(plain.rawPayload.equals(file)).toBe(true)
    const unchanged = await get('/customer-assets/logo.svg', {
      'if-none-match': String(plain.headers.etag),
    })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')

    const stale = await get('/customer-assets/logo.svg?v=000000000000')
    expect(stale.headers['cache-control']).toBe('no-cache')
    expect((await get('/customer-assets/fehlt.svg?v=000000000000')).statusCode).toBe(404)
  })
})

describe('the hashes of the configuration', () => {
  const copyOfDefault = async () => {
    const dir = await temporaryDir('customers-')
    await cp(path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme'), path.join(dir, 'alpha-waerme'), {
      recursive: true,
    })
    return path.join(dir, 'alpha-waerme')
  }
  const served = (folder: string) => {
    const data = clientCustomerData(loadCustomer(path.dirname(folder), 'alpha-waerme'))
    return { data, hashes: customerDataHashes(data) }
  }

  it('stay the same for the same files and change with a changed configuration', async () => {
    const folder = await copyOfDefault()
    const before = served(folder)
    expect(served(folder).hashes).toEqual(before.hashes)
    expect(before.hashes).toEqual(served(path.join(DEFAULT_CUSTOMERS_DIR, 'alpha-waerme')).hashes)

    const file = path.join(folder, 'config.json')
    const config = JSON.parse(await readFile(file, 'utf8')) as { applicationTitle: string }
    await writeFile(file, JSON.stringify({ ...config, applicationTitle: 'Neuer Titel' }))
    const after = served(folder)
    expect(after.hashes.config).not.toBe(before.hashes.config)
    expect(after.hashes.faq).toBe(before.hashes.faq)
  })

  it('change with a changed FAQ, and with a changed logo (its address is in the configuration)', async () => {
    const folder = await copyOfDefault()
    const before = served(folder)
    const faqFile = path.join(folder, 'faq.de-DE.json')
    const faq = JSON.parse(await readFile(faqFile, 'utf8')) as { sections: unknown[] }
    await writeFile(faqFile, JSON.stringify({ ...faq, sections: faq.sections.slice(1) }))
    const logo = path.join(folder, 'assets', before.data.config.logoUrl.split(/[/?]/)[2]!)
    await writeFile(logo, `${await readFile(logo, 'utf8')}<!-- neu -->`)
    const after = served(folder)
    expect(after.hashes.faq).not.toBe(before.hashes.faq)
    expect(after.data.config.logoUrl).not.toBe(before.data.config.logoUrl)
    expect(after.hashes.config).not.toBe(before.hashes.config)
  })
})

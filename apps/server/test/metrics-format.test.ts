/**
 * `/metrics` as Prometheus' own checker reads it: `promtool check metrics` finds no error and no
 * lint (a gauge named `*_total`, a missing HELP, a wrong unit). The binary is `PROMTOOL` or
 * `promtool` on PATH; without it the test is skipped locally and fails in CI, which installs it.
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { signInRequest, useTestContext } from './helper'

const TOKEN = 'metrics-token-of-the-test'
const PROMTOOL = process.env.PROMTOOL || 'promtool'
const promtoolRuns = spawnSync(PROMTOOL, ['--version']).status === 0

describe('/metrics in the Prometheus text format', () => {
  const { ctx } = useTestContext([], { config: { metricsToken: TOKEN } })

  it.skipIf(!promtoolRuns && !process.env.CI)(
    'passes promtool check metrics without a remark',
    async () => {
      expect(promtoolRuns, `${PROMTOOL} is not there or does not run (set PROMTOOL)`).toBe(true)
      // every labelled series of the portal once: a request, a failed sign-in
      await ctx.login('verwalter')
      const failed = await signInRequest(ctx.app, { username: 'verwalter', password: 'falsch' })
      expect(failed.statusCode).toBe(401)
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('portal_http_requests_total')
      // Node's totals are there under their gauge names
      expect(response.body).toMatch(/^nodejs_active_handles_all \d+$/m)
      expect(response.body).not.toMatch(/^nodejs_active_handles_total /m)
      const check = spawnSync(PROMTOOL, ['check', 'metrics'], {
        input: response.body,
        encoding: 'utf8',
      })
      expect({ status: check.status, output: check.stdout + check.stderr }).toEqual({
        status: 0,
        output: '',
      })
    },
  )
})

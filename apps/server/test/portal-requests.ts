/**
 * Requests a user makes, against a server process by its base URL: sign-in, a tenant change (a
 * write with an idempotency key) and the connection search (a read). The fault tests load a
 * server with them.
 */
import { expect } from 'vitest'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { PRIVATE_TENANT, tenantChangeActivity } from './tenant-change'

export async function signIn(base: string, userName = 'verwalter'): Promise<string> {
  const response = await fetch(`${base}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: userName, password: DEMO_PASSWORD }),
  })
  expect(response.status).toBe(200)
  return `Bearer ${((await response.json()) as { token: string }).token}`
}

/**
 * Reports a tenant change of usage unit `unit` under idempotency key `key`; the key is also the
 * report's `information`, so that the test finds the stored row by it.
 */
export function reportTenantChange(base: string, authorization: string, unit: string, key: string) {
  const boundary = `----portal-${key}`
  const activity = tenantChangeActivity(unit, { ...PRIVATE_TENANT, information: key })
  return fetch(`${base}/api/persistence/activities`, {
    method: 'POST',
    headers: {
      authorization,
      'idempotency-key': key,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: `--${boundary}\r\nContent-Disposition: form-data; name="activity"\r\n\r\n${JSON.stringify(activity)}\r\n--${boundary}--\r\n`,
  })
}

export function searchConnections(base: string, authorization: string) {
  return fetch(`${base}/api/persistence/connections-search?limit=50`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ filters: [], sort: [{ property: 'name1', order: 'asc' }] }),
  })
}

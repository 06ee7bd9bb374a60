import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dataKeys } from '../../../lib/data-keys'
import { storeToken } from '../../../lib/session'
import { costKeys, useDeleteExpense } from './operating-costs'

/** Answers kept in the cache before the change, each under its factory's key. */
const KEPT = {
  lines: costKeys.expenses('d1', 'working'),
  history: costKeys.history('d1'),
  split: costKeys.co2Split('d1'),
  distribution: costKeys.detail('d1'),
  propertyList: costKeys.distributions('1000000001'),
  billingYears: [...dataKeys.distributions, 'billing-years', '2024-01-01'],
  otherDistribution: costKeys.detail('d2'),
  valueList: costKeys.valueList(null),
}

let client: QueryClient
beforeEach(() => {
  storeToken('t0k3n')
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
  )
  client = new QueryClient()
  for (const key of Object.values(KEPT)) client.setQueryData(key, { data: [], etag: '"v1"' })
})
afterEach(() => vi.unstubAllGlobals())

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
)

describe('a change of a cost line (decision 047)', () => {
  it('makes stale what it touches: its distribution with all below it and every distribution list', async () => {
    const { result } = renderHook(() => useDeleteExpense('d1'), { wrapper })
    result.current.mutate({ kind: 'working', guid: 'g-1' })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated
    expect(stale(KEPT.lines)).toBe(true)
    expect(stale(KEPT.history)).toBe(true)
    expect(stale(KEPT.split)).toBe(true)
    expect(stale(KEPT.distribution)).toBe(true)
    expect(stale(KEPT.propertyList)).toBe(true)
    expect(stale(KEPT.billingYears)).toBe(true)
    // another distribution and the value lists are not touched: they keep their answers
    expect(stale(KEPT.otherDistribution)).toBe(false)
    expect(stale(KEPT.valueList)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { DISTRIBUTION_STATUS, type DistributionStatus } from '../codes/distribution'
import { canDecideInvoice, canDecideInvoicesOf } from './approval'

describe('canDecideInvoicesOf', () => {
  it('allows decisions once the distribution is released, also after its approval', () => {
    const allowed = (Object.keys(DISTRIBUTION_STATUS) as DistributionStatus[]).filter((status) =>
      canDecideInvoicesOf(status),
    )
    expect(allowed.sort()).toEqual(['F', 'G'])
  })

  it('refuses an unknown or missing status', () => {
    expect(canDecideInvoicesOf('X')).toBe(false)
    expect(canDecideInvoicesOf(null)).toBe(false)
    expect(canDecideInvoicesOf(undefined)).toBe(false)
  })
})

describe('canDecideInvoice', () => {
  it('decides an undecided or declined invoice, never an approved one again', () => {
    expect(canDecideInvoice(null)).toBe(true)
    expect(canDecideInvoice(undefined)).toBe(true)
    expect(canDecideInvoice('declined')).toBe(true)
    expect(canDecideInvoice('approved')).toBe(false)
  })
})

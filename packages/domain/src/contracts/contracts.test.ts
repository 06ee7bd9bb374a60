import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoDate, optionalIsoDate } from '../testing/arbitraries'
import { contractName, isBusinessConnection, isCurrentContract } from './contracts'

const TODAY = '2025-03-15'

describe('isCurrentContract', () => {
  it('has started and has not ended before today', () => {
    expect(isCurrentContract({ from: TODAY, until: TODAY }, TODAY)).toBe(true)
    expect(isCurrentContract({ from: '2020-01-01', until: null }, TODAY)).toBe(true)
    expect(isCurrentContract({ from: '2025-03-16', until: null }, TODAY)).toBe(false)
    expect(isCurrentContract({ from: '2020-01-01', until: '2025-03-14' }, TODAY)).toBe(false)
    expect(isCurrentContract({ from: null, until: null }, TODAY)).toBe(false)
  })

  it('agrees with from <= today <= until for any dates', () => {
    fc.assert(
      fc.property(
        isoDate(2020, 2030),
        optionalIsoDate(2020, 2030),
        isoDate(2020, 2030),
        (from, until, today) => {
          expect(isCurrentContract({ from, until }, today)).toBe(
            from <= today && (until == null || until >= today),
          )
        },
      ),
    )
  })
})

describe('isBusinessConnection', () => {
  it('needs a current contract on a VKG account', () => {
    const current = { from: '2020-01-01', until: null }
    expect(isBusinessConnection([{ ...current, contractAccountType: 'VKG' }], TODAY)).toBe(true)
    expect(isBusinessConnection([{ ...current, contractAccountType: 'VKW' }], TODAY)).toBe(false)
    expect(
      isBusinessConnection(
        [{ from: '2020-01-01', until: '2024-12-31', contractAccountType: 'VKG' }],
        TODAY,
      ),
    ).toBe(false)
    expect(
      isBusinessConnection(
        [
          { ...current, contractAccountType: 'VKW' },
          { ...current, contractAccountType: 'VKG' },
        ],
        TODAY,
      ),
    ).toBe(true)
    expect(isBusinessConnection([], TODAY)).toBe(false)
  })
})

describe('contractName', () => {
  it('joins the two name parts', () => {
    expect(contractName({ name1: 'Erika', name2: 'Mustermann' })).toBe('Erika Mustermann')
    expect(contractName({ name1: ' Müller GmbH ', name2: null })).toBe('Müller GmbH')
    expect(contractName({})).toBe('')
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AMOUNT_SIGN_MESSAGE,
  APPORTIONABLE_EXCEEDS_TOTAL_MESSAGE,
  CO2_MUST_BE_NEGATIVE_MESSAGE,
  expenseAmountViolations,
  NET_APPORTIONABLE_EXCEEDS_MESSAGE,
  EXCLUDED_TARIFF_COMPONENTS,
  co2AmountViolation,
  expenseTotals,
  isCo2CostType,
  isCreditCostType,
  isUserDeletableExpense,
  isVisibleExpense,
  isZeroTotal,
  NEGATIVE_ONLY_FOR_CREDITS_MESSAGE,
  negativeAmountViolations,
} from './expenses'

describe('isVisibleExpense', () => {
  it('hides advance payments and provider components', () => {
    for (const tariffComponent of EXCLUDED_TARIFF_COMPONENTS) {
      expect(isVisibleExpense({ tariffComponent })).toBe(false)
    }
    expect(EXCLUDED_TARIFF_COMPONENTS).toHaveLength(9)
  })

  it('shows every other cost type', () => {
    for (const tariffComponent of ['HK_BRENN', 'NK_MUELL', 'HK_DLP', 'HKA_X', 'hkvor', null]) {
      expect(isVisibleExpense({ tariffComponent })).toBe(true)
    }
  })

  it('agrees with the exclusion list for any code', () => {
    const excluded: readonly string[] = EXCLUDED_TARIFF_COMPONENTS
    const code = fc.oneof(fc.constantFrom(...excluded), fc.stringMatching(/^[A-Z0-9_]{2,8}$/))
    fc.assert(
      fc.property(code, (tariffComponent) => {
        expect(isVisibleExpense({ tariffComponent })).toBe(!excluded.includes(tariffComponent))
      }),
    )
  })
})

describe('isUserDeletableExpense', () => {
  it('protects the service flat fee only', () => {
    expect(isUserDeletableExpense({ tariffComponent: 'HK_DLP' })).toBe(false)
    expect(isUserDeletableExpense({ tariffComponent: 'HK_BRENN' })).toBe(true)
  })
})

describe('CO2 costs', () => {
  it('are the cost types containing CO2', () => {
    expect(isCo2CostType('HK_CO2')).toBe(true)
    expect(isCo2CostType('CO2_ANTEIL')).toBe(true)
    expect(isCo2CostType('HK_BRENN')).toBe(false)
    expect(isCo2CostType(undefined)).toBe(false)
  })

  it('must be negative', () => {
    expect(co2AmountViolation('HK_CO2', '-12.50')).toBeNull()
    expect(co2AmountViolation('HK_CO2', '12.50')).toBe(CO2_MUST_BE_NEGATIVE_MESSAGE)
    expect(co2AmountViolation('HK_CO2', '0')).toBe('Die Zahl muss negativ sein.')
    expect(co2AmountViolation('HK_CO2', '-0.00')).toBe('Die Zahl muss negativ sein.')
    expect(co2AmountViolation('HK_BRENN', '12.50')).toBeNull()
  })

  it('leave an empty amount to the required rule', () => {
    expect(co2AmountViolation('HK_CO2', '')).toBeNull()
    expect(co2AmountViolation('HK_CO2', null)).toBeNull()
  })
})

describe('negative amounts only for credits', () => {
  it('the landlord’s CO2 share and the credit notes are credits; ordinary cost types are not', () => {
    for (const code of ['HK_CO2', 'NK_CO2_ANTEIL', 'HK_GUTSCHRIFT', 'NK_GUTSCHRIFT']) {
      expect(isCreditCostType(code), code).toBe(true)
    }
    for (const code of ['HK_BRENNSTOFF', 'NK_MUELL', 'GUTSCHRIFT', '', null, undefined]) {
      expect(isCreditCostType(code), String(code)).toBe(false)
    }
  })

  it('names every amount field of an ordinary cost type that is negative', () => {
    expect(
      negativeAmountViolations({
        tariffComponent: 'HK_BRENNSTOFF',
        amountTransactionCurrency: '-100.00',
        apportionableAmount: '-80.00',
        amountNet: '84.03',
        amountNetApportionable: '-0.01',
        deductibleAmount: '-0.00',
      }),
    ).toEqual(
      ['amountTransactionCurrency', 'apportionableAmount', 'amountNetApportionable'].map(
        (field) => ({ field, message: NEGATIVE_ONLY_FOR_CREDITS_MESSAGE }),
      ),
    )
  })

  it('lets credits be negative and leaves a line without a cost type to the server', () => {
    const negative = { amountTransactionCurrency: '-100.00', apportionableAmount: '-100.00' }
    expect(negativeAmountViolations({ tariffComponent: 'HK_GUTSCHRIFT', ...negative })).toEqual([])
    expect(negativeAmountViolations({ tariffComponent: 'HK_CO2', ...negative })).toEqual([])
    expect(negativeAmountViolations({ ...negative })).toEqual([])
    expect(negativeAmountViolations({ tariffComponent: 'HK_STROM', amountNet: '0' })).toEqual([])
  })

  it('a total of zero (in any spelling) is to be confirmed; a cent or an empty field is not', () => {
    for (const total of ['0', '0.00', '-0.00', ' 0.0 ']) {
      expect(isZeroTotal({ amountTransactionCurrency: total }), total).toBe(true)
    }
    for (const total of ['0.01', '-0.01', '', null, undefined, 'x']) {
      expect(isZeroTotal({ amountTransactionCurrency: total }), String(total)).toBe(false)
    }
  })
})

describe('expenseTotals', () => {
  it('sums the three header amounts exactly', () => {
    expect(
      expenseTotals([
        { amountTransactionCurrency: '0.10', apportionableAmount: '0.1', deductibleAmount: null },
        { amountTransactionCurrency: '0.20', apportionableAmount: '-1', deductibleAmount: '5.5' },
      ]),
    ).toEqual({
      amountTransactionCurrency: '0.30',
      apportionableAmount: '-0.90',
      deductibleAmount: '5.50',
    })
  })
})

describe('expenseAmountViolations', () => {
  const line = { amountTransactionCurrency: '100.00', apportionableAmount: '80.00' }

  it('accepts parts within their whole, of the same sign, and zero', () => {
    expect(expenseAmountViolations(line)).toEqual([])
    expect(
      expenseAmountViolations({
        amountTransactionCurrency: '-119.00',
        apportionableAmount: '-119.00',
        amountNet: '-100.00',
        amountNetApportionable: '-100.00',
        deductibleAmount: '0.00',
      }),
    ).toEqual([])
  })

  it('names the field of each violation', () => {
    expect(expenseAmountViolations({ ...line, apportionableAmount: '100.01' })).toEqual([
      { field: 'apportionableAmount', message: APPORTIONABLE_EXCEEDS_TOTAL_MESSAGE },
    ])
    expect(expenseAmountViolations({ ...line, amountNet: '-1.00' })).toEqual([
      { field: 'amountNet', message: AMOUNT_SIGN_MESSAGE },
    ])
    expect(
      expenseAmountViolations({ ...line, amountNet: '90.00', amountNetApportionable: '85.00' }),
    ).toEqual([{ field: 'amountNetApportionable', message: NET_APPORTIONABLE_EXCEEDS_MESSAGE }])
  })

  it('is exact: a part one cent above its whole is refused, whatever the size', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), (cents) => {
        const amount = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`
        const total = amount(cents)
        expect(
          expenseAmountViolations({ amountTransactionCurrency: total, apportionableAmount: total }),
        ).toEqual([])
        expect(
          expenseAmountViolations({
            amountTransactionCurrency: total,
            apportionableAmount: amount(cents + 1n),
          }),
        ).toHaveLength(1)
      }),
    )
  })
})

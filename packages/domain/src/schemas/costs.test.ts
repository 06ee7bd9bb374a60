import { describe, expect, it } from 'vitest'
import {
  EXPENSE_PERIOD_ORDER_MESSAGE,
  AMOUNT_SIGN_MESSAGE,
  CO2_MUST_BE_NEGATIVE_MESSAGE,
  NEGATIVE_ONLY_FOR_CREDITS_MESSAGE,
} from '../costs/expenses'
import { REQUIRED_MESSAGE } from '../validation/messages'
import { DATE_DOES_NOT_EXIST_MESSAGE, INVALID_DATE_MESSAGE } from '../validation/values'
import { DistributionApprovalRequestSchema, ExpenseInputSchema, ExpenseUpdateSchema } from './costs'

const line = {
  tariffComponent: 'HK_CO2',
  object: 'ANSCHLUSS',
  allocationRef: '1000000001',
  key: 'HF',
  from: '2024-01-01',
  until: '2024-12-31',
  amountTransactionCurrency: '-1.50',
  apportionableAmount: '-1.50',
}

describe('cost schemas', () => {
  it('carries the German messages at the fields', () => {
    const result = ExpenseInputSchema.safeParse({ ...line, key: '', apportionableAmount: '2.00' })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    )
    expect(messages).toEqual({
      key: REQUIRED_MESSAGE,
      apportionableAmount: CO2_MUST_BE_NEGATIVE_MESSAGE,
    })
  })

  it('refuses a negative amount of an ordinary cost type at its field, before the sign rule', () => {
    const ordinary = { ...line, tariffComponent: 'HK_BRENNSTOFF' }
    const messages = (value: unknown) =>
      ExpenseInputSchema.safeParse(value).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ])
    expect(messages(ordinary)).toEqual([
      ['amountTransactionCurrency', NEGATIVE_ONLY_FOR_CREDITS_MESSAGE],
      ['apportionableAmount', NEGATIVE_ONLY_FOR_CREDITS_MESSAGE],
    ])
    expect(
      messages({
        ...ordinary,
        amountTransactionCurrency: '10.00',
        apportionableAmount: '10.00',
        amountNet: '-1.00',
      }),
    ).toEqual([['amountNet', NEGATIVE_ONLY_FOR_CREDITS_MESSAGE]])
    // a credit keeps the rule that its parts have its sign
    expect(messages({ ...line, tariffComponent: 'HK_GUTSCHRIFT', amountNet: '1.00' })).toEqual([
      ['amountNet', AMOUNT_SIGN_MESSAGE],
    ])
    expect(
      ExpenseInputSchema.safeParse({ ...line, tariffComponent: 'HK_GUTSCHRIFT' }).success,
    ).toBe(true)
  })

  it('takes the confirmations of a second line and of a zero total, and nothing else', () => {
    const confirmed = { ...line, confirmSecondLine: true, confirmZeroAmount: false }
    expect(ExpenseInputSchema.parse(confirmed)).toMatchObject({
      confirmSecondLine: true,
      confirmZeroAmount: false,
    })
    expect(ExpenseInputSchema.safeParse({ ...line, confirmSecondLine: 'yes' }).success).toBe(false)
    expect(ExpenseUpdateSchema.parse({ note: 'x', version: 1, confirmZeroAmount: true })).toEqual({
      note: 'x',
      version: 1,
      confirmZeroAmount: true,
    })
  })

  it('keeps amounts as strings and refuses unknown fields', () => {
    expect(ExpenseInputSchema.parse({ ...line, quantity: '' }).quantity).toBeNull()
    expect(ExpenseInputSchema.safeParse({ ...line, extra: 1 }).success).toBe(false)
    expect(
      ExpenseInputSchema.safeParse({ ...line, amountTransactionCurrency: '1,5' }).success,
    ).toBe(false)
    expect(ExpenseUpdateSchema.safeParse({ note: 'x' }).success).toBe(false)
    expect(ExpenseUpdateSchema.parse({ note: 'x', version: 3 })).toEqual({ note: 'x', version: 3 })
  })

  it('takes only dates that exist and versions that fit an integer column', () => {
    const messages = (value: unknown) =>
      ExpenseInputSchema.safeParse(value).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ])
    expect(messages({ ...line, from: '2024-02-30' })).toEqual([
      ['from', DATE_DOES_NOT_EXIST_MESSAGE],
    ])
    expect(messages({ ...line, until: '31.12.2024' })).toEqual([['until', INVALID_DATE_MESSAGE]])
    expect(messages({ ...line, from: ' ' })).toEqual([['from', REQUIRED_MESSAGE]])
    expect(ExpenseInputSchema.parse({ ...line, from: ' 2024-02-29 ' }).from).toBe('2024-02-29')
    expect(ExpenseUpdateSchema.safeParse({ from: '2023-02-29', version: 1 }).success).toBe(false)
    expect(ExpenseUpdateSchema.safeParse({ note: 'x', version: 2 ** 31 }).success).toBe(false)
    expect(ExpenseUpdateSchema.safeParse({ note: 'x', version: 2 ** 31 - 1 }).success).toBe(true)
    expect(ExpenseUpdateSchema.safeParse({ note: 'x' }).error?.issues[0]?.message).toBe(
      REQUIRED_MESSAGE,
    )
  })

  it('names only the impossible date, not a wrong order, while one of the dates is invalid', () => {
    const messages = (value: unknown) =>
      ExpenseInputSchema.safeParse(value).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ])
    // 31.02.2024 as typed, before 31.12.2024 as text, but not a day: no "Ende vor Beginn"
    expect(messages({ ...line, from: '2024-02-31', until: '2024-02-28' })).toEqual([
      ['from', DATE_DOES_NOT_EXIST_MESSAGE],
    ])
    expect(messages({ ...line, from: 'unvollständig' })).toEqual([['from', INVALID_DATE_MESSAGE]])
    expect(messages({ ...line, from: '2024-03-01', until: '2024-02-30' })).toEqual([
      ['until', DATE_DOES_NOT_EXIST_MESSAGE],
    ])
    expect(messages({ ...line, from: '2024-03-01', until: '2024-02-29' })).toEqual([
      ['until', EXPENSE_PERIOD_ORDER_MESSAGE],
    ])
  })

  it('needs a reason for a decline', () => {
    const base = { operatingCostsDistribution: 'D', approved: false }
    expect(DistributionApprovalRequestSchema.safeParse(base).success).toBe(false)
    expect(
      DistributionApprovalRequestSchema.safeParse({ ...base, reason: 'zu hoch' }).success,
    ).toBe(true)
  })
})

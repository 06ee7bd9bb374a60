import type { OperatingCosts } from '@portal/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import i18n from 'i18next'
import { initI18n } from '../../../lib/i18n'
import { entryResolver, initialValues, type EntryForm } from './cost-entry-form'

const costs = { from: '2025-01-01', until: '2025-12-31' } as OperatingCosts

function formWith(values: Partial<EntryForm>): EntryForm {
  return {
    ...initialValues('heating', costs),
    tariffComponent: 'HK_WART',
    object: 'ANSCHLUSS',
    allocationRef: '1000000001',
    key: 'HF',
    amountTransactionCurrency: '100,00',
    apportionableAmount: '100,00',
    ...values,
  }
}

async function messagesOf(values: Partial<EntryForm>) {
  const resolve = entryResolver(i18n.t.bind(i18n))
  const { errors } = await resolve(formWith(values), undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  })
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))
}

describe('the cost entry form’s messages', () => {
  beforeAll(() => initI18n())

  it('names too many decimals in an amount and in a quantity', async () => {
    expect(
      await messagesOf({ amountTransactionCurrency: '12,345', apportionableAmount: '12,00' }),
    ).toEqual({
      amountTransactionCurrency: 'Höchstens 2 Nachkommastellen.',
    })
    expect(await messagesOf({ quantity: '1,2345' })).toEqual({
      quantity: 'Höchstens 3 Nachkommastellen.',
    })
  })

  it('refuses a negative quantity on a fuel line, not on other lines', async () => {
    expect(await messagesOf({ tariffComponent: 'HK_BRENNSTOFF', quantity: '-1500' })).toEqual({
      quantity: 'Die Brennstoffmenge darf nicht negativ sein.',
    })
    expect(await messagesOf({ tariffComponent: 'HK_BRENNSTOFF', quantity: '0' })).toEqual({})
  })
})

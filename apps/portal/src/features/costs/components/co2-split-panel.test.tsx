import type { Co2SplitAnswer, Expense, OperatingCosts } from '@portal/domain'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { jsonAnswer } from '../../../testing/answers'
import { renderWithQueries } from '../../../testing/render'
import Co2SplitPanel from './co2-split-panel'

const costs = {
  operatingCostsDistribution: 'HK-4711',
  connection: '1000000002',
  from: '2025-01-01',
  until: '2025-12-31',
  operatingCostsDistributionStatus: 'O',
  product: 'HK',
  productVersion: '1',
  version: 1,
  companyCode: '1000',
  businessPartner: null,
  operatingCostsHeatingExpense: [
    {
      guid: 'fuel',
      tariffComponent: 'HK_BRENNSTOFF',
      quantity: '20000.000',
      amountTransactionCurrency: '2000.00',
      apportionableAmount: '2000.00',
    } as Expense,
  ],
  operatingCostsWorkingExpense: [],
  lastDecline: null,
} as OperatingCosts

const split: Co2SplitAnswer = {
  operatingCostsDistribution: 'HK-4711',
  energyCarrier: 'ERDGAS_H',
  quantity: '20000.000',
  quantityUnit: 'kWh',
  heatingValueBasis: 'Hs',
  emissionFactor: '0.181081',
  energyCarrierAssumed: false,
  fuels: [],
  emissionsKg: '3621.6',
  emissionsSource: 'fuel',
  areaKind: 'WF',
  areaSquareMetres: '200.00',
  days: 365,
  kgPerSquareMetreYear: '18.1',
  residential: true,
  restriction: 'none',
  stage: null,
  landlordPercent: null,
  co2Cost: null,
  co2CostSource: 'price',
  landlordAmount: null,
  tenantAmount: null,
  expectedLandlordLine: null,
  enteredLandlordLine: null,
  missing: [],
  steps: [],
  corrections: {
    quantity: null,
    energyCarrier: null,
    emissionsKgInvoice: null,
    co2CostInvoice: null,
    areaKind: null,
    restriction: null,
    primaryEnergyFactor: null,
  },
  version: 1,
}

const fetchMock = vi.fn<typeof fetch>()

describe('the CO2 panel’s corrections', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    fetchMock.mockReset()
    fetchMock.mockImplementation(() => Promise.resolve(jsonAnswer(200, split)))
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  it.each([
    ['-100', 'Die Brennstoffmenge muss größer als 0 sein.'],
    ['0', 'Die Brennstoffmenge muss größer als 0 sein.'],
    ['1,2345', 'Höchstens 3 Nachkommastellen.'],
  ])('refuses the fuel quantity %s at the field and sends nothing', async (typed, message) => {
    renderWithQueries(<Co2SplitPanel costs={costs} connection="1000000002" />)
    const field = await screen.findByRole('textbox', { name: 'Brennstoffmenge laut Rechnung' })
    await userEvent.type(field, typed)
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    await userEvent.click(screen.getByRole('button', { name: /speichern/i }))
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0)
  })
})

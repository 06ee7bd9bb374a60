import type { BillingInformation } from '@portal/domain'
import { render, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { BillingInformationView } from './billing-information-view'

const period = {
  heatingKwh: '8000.0',
  hotWaterKwh: '1500.0',
  heatingKwhWeatherAdjusted: '8800.0',
  weatherFactor: '1.1000',
  degreeDays: '3000.0',
  longTermDegreeDays: '3300.0',
}

const info: BillingInformation = {
  operatingCostsDistribution: '1000000002-2025',
  from: '2025-01-01',
  until: '2025-12-31',
  operatingCostsDistributionStatus: 'G',
  provisional: false,
  energyCarriers: [
    {
      energyCarrier: 'ERDGAS_H',
      name: 'Erdgas H',
      quantity: '111000.000',
      quantityUnit: 'kWh',
      kWhHi: '100000',
      sharePercent: '100.0',
    },
  ],
  districtHeating: null,
  taxes: {
    vat: '1596.64',
    co2Cost: '1187.36',
    energyTax: [
      {
        energyCarrier: 'ERDGAS_H',
        name: 'Erdgas H',
        amount: '610.50',
        rate: '5,50 EUR je MWh (§ 2 Abs. 3 Satz 1 Nr. 4 EnergieStG)',
      },
    ],
  },
  meteringFees: {
    kinds: [
      {
        kind: 'rent',
        label: 'Gebrauchsüberlassung der Ausstattung zur Verbrauchserfassung',
        amount: '340.00',
        lines: [{ name: 'Miete der Erfassungsgeräte', amount: '340.00' }],
      },
    ],
    total: '340.00',
  },
  consumerAdvice: [{ name: 'Deutsche Energie-Agentur (dena)', url: 'https://www.dena.de' }],
  disputeResolution: ['Streitbeilegung nach dem VSBG.'],
  units: [{ pointOfDelivery: 'V1', reference: 'NE-0001' }],
  user: {
    pointOfDelivery: 'V1',
    reference: 'NE-0001',
    area: '72.50',
    current: { from: '2025-01-01', until: '2025-12-31', ...period },
    previous: {
      from: '2024-01-01',
      until: '2024-12-31',
      ...period,
      heatingKwh: '9000.0',
      heatingKwhWeatherAdjusted: '9600.0',
    },
    previousMissing: null,
    heatingChangePercent: '-8.3',
    heatingChangeWeatherAdjusted: true,
    average: {
      heatingKwh: '7250.0',
      hotWaterKwh: '1450.0',
      heatingKwhPerSquareMetre: '100.00',
      hotWaterKwhPerSquareMetre: '20.00',
    },
    weatherNote: null,
  },
}

describe('the billing information', () => {
  beforeAll(() => initI18n())

  it('tells the change against the previous period in words, and on which basis', () => {
    render(<BillingInformationView info={info} />)
    expect(
      screen.getByText(
        'Ihr Heizenergieverbrauch ist gegenüber dem vorherigen Zeitraum um 8,3 % gesunken (witterungsbereinigt).',
      ),
    ).toBeInTheDocument()
    const table = screen.getByRole('region', { name: 'Ihr Verbrauch in Zahlen' })
    const adjusted = within(table).getByRole('row', { name: /Heizung, witterungsbereinigt/ })
    expect(adjusted).toHaveTextContent('8.800,0 kWh')
    expect(adjusted).toHaveTextContent('9.600,0 kWh')
  })

  it('says when the comparison is not weather-adjusted, and why a previous period is missing', () => {
    render(
      <BillingInformationView
        info={{
          ...info,
          user: {
            ...info.user!,
            current: {
              ...info.user!.current,
              heatingKwhWeatherAdjusted: null,
              weatherFactor: null,
            },
            previous: null,
            previousMissing: 'Ein Vergleich ist nicht möglich.',
            heatingChangePercent: null,
            heatingChangeWeatherAdjusted: false,
            weatherNote: 'Keine Gradtagzahlen.',
          },
        }}
      />,
    )
    expect(screen.getByText('Keine Gradtagzahlen.')).toBeInTheDocument()
    expect(screen.getByText('Ein Vergleich ist nicht möglich.')).toBeInTheDocument()
    expect(screen.queryByText(/gesunken|gestiegen/)).not.toBeInTheDocument()
    const table = screen.getByRole('region', { name: 'Ihr Verbrauch in Zahlen' })
    expect(
      within(table).getByRole('row', { name: /Heizung, witterungsbereinigt/ }),
    ).toHaveTextContent('nicht verfügbar')
  })

  it('names the carriers, taxes, fees, advice and dispute resolution', () => {
    render(<BillingInformationView info={{ ...info, provisional: true }} />)
    expect(screen.getByText(/Vorläufig/)).toBeInTheDocument()
    expect(
      screen.getByRole('region', { name: 'Energieträger und ihre Anteile' }),
    ).toHaveTextContent('100,0 %')
    expect(
      screen.getByRole('region', { name: 'Steuern und Abgaben im Einzelnen' }),
    ).toHaveTextContent(/Energiesteuer Erdgas H.*610,50/)
    expect(screen.getByRole('region', { name: 'Entgelte im Einzelnen' })).toHaveTextContent(
      'Miete der Erfassungsgeräte',
    )
    expect(screen.getByRole('link', { name: 'Deutsche Energie-Agentur (dena)' })).toHaveAttribute(
      'href',
      'https://www.dena.de',
    )
    expect(screen.getByText('Streitbeilegung nach dem VSBG.')).toBeInTheDocument()
  })
})

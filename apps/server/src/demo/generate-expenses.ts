/** The heating and operating expense lines of a distribution. */
import { co2Split, startOfYear, type Co2FuelInput, type EnergyCarrierCode } from '@portal/domain'
import { addDays, dateIn, endOfYear, instant, minDate } from './calendar'
import { costType, type CostType } from './catalogue'
import { UUID_KIND, at, counterUuid, decimal2, decimal3, money, overlaps } from './format'
import type { DemoContext } from './generator-context'
import { SYSTEM_USER, type DistributionModel } from './generator-models'

/** Adds the expense lines; returns the apportionable totals of the listed lines in cents. */
export function generateExpenses(
  g: DemoContext,
  distribution: DistributionModel,
): { heating: number; working: number } {
  const { property, year } = distribution
  const from = startOfYear(year)
  const until = endOfYear(year)
  const open = distribution.status === 'O'
  const units = property.units.length
  const m2 = property.totalArea / 100
  const priceFactor = 1 + 0.05 * (year - (g.year - 5))
  const cost = (eurosPerUnit: number, spread = 0.15) =>
    Math.round(
      eurosPerUnit *
        100 *
        priceFactor *
        (1 - spread + g.faker.number.float({ min: 0, max: 2 * spread })),
    )
  const entryDay = minDate(dateIn(year + 1, 2, 20), addDays(g.today, -1))
  const systemDay = minDate(dateIn(year + 1, 1, 15), addDays(g.today, -1))
  const totals = { heating: 0, working: 0 }
  const propertyId = property.connection.id
  const firstUnit = at(property.units, 0)
  const lastUnit = at(property.units, property.units.length - 1)

  const line = (
    code: string,
    gross: number,
    options: {
      vat?: number
      apportionable?: number
      deductible?: number
      key?: string
      object?: string
      /** The key of the related record, of the one kind its object type names (decision 012). */
      allocationObject?: string
      quantity?: number
      unit?: string
      energyCarrier?: EnergyCarrierCode
      note?: string
      from?: string
      until?: string
      system?: boolean
    } = {},
  ) => {
    const type: CostType = costType(code)
    const net = Math.round(gross / (1 + (options.vat ?? 19) / 100))
    const share = options.apportionable ?? 1
    const apportionable = Math.round(gross * share)
    if (!type.excluded) totals[type.kind] += apportionable
    g.rows.operatingCostsExpenses.push({
      guid: counterUuid(UUID_KIND.expense, g.next('expense')),
      companyCode: property.companyCode,
      propertyConnection: propertyId,
      operatingCostsDistribution: distribution.id,
      kind: type.kind,
      tariffComponent: code,
      supplyArea: type.supplyArea,
      object: options.object ?? 'ANSCHLUSS',
      key: options.key ?? at(type.keys, 0),
      allocationObject: options.allocationObject ?? propertyId,
      allocationRef: options.allocationObject ?? propertyId,
      from: options.from ?? from,
      until: options.until ?? until,
      quantity: options.quantity === undefined ? null : decimal3(options.quantity),
      unit: options.unit ?? null,
      energyCarrier: options.energyCarrier ?? null,
      amountTransactionCurrency: money(gross),
      amountNet: money(net),
      apportionableAmount: money(apportionable),
      deductibleAmount: money(Math.round(gross * (options.deductible ?? 0))),
      amountNetApportionable: money(Math.round(net * share)),
      note: options.note ?? null,
      createdBy: options.system || type.excluded ? SYSTEM_USER : property.author,
      version: 1,
      createdAt: instant(options.system || type.excluded ? systemDay : entryDay, '10:00'),
    })
  }

  // Heating list
  const kwh = Math.round(m2 * g.int(115, 165))
  const pricePerKwh = property.fuel === 'district' ? 0.12 : 0.095
  const fuelGross = cost(kwh * pricePerKwh, 0.05)
  const fuelNote = {
    gas: 'Erdgaslieferung Stadtwerke',
    oil: 'Heizöllieferung',
    district: 'Fernwärme Versorger',
  }[property.fuel]
  const energyCarrier = ({ gas: 'ERDGAS_H', oil: 'HEIZOEL_EL', district: 'FERNWAERME' } as const)[
    property.fuel
  ]
  const fuels: Co2FuelInput[] = []
  const fuelLine = (
    gross: number,
    quantity: number,
    unit: string,
    note: string,
    period: { from?: string; until?: string } = {},
  ) => {
    line('HK_BRENNSTOFF', gross, { quantity, unit, note, energyCarrier, ...period })
    fuels.push({
      energyCarrier,
      quantity: decimal3(quantity),
      from: period.from ?? from,
      until: period.until ?? until,
    })
  }
  if (property.index % 2 === 1) {
    const firstHalf = Math.round(fuelGross * 0.6)
    fuelLine(firstHalf, Math.round(kwh * 0.6) * 1000, 'kWh', `${fuelNote} Januar bis Juni`, {
      until: dateIn(year, 6, 30),
    })
    fuelLine(
      fuelGross - firstHalf,
      (kwh - Math.round(kwh * 0.6)) * 1000,
      'kWh',
      `${fuelNote} Juli bis Dezember`,
      { from: dateIn(year, 7, 1) },
    )
  } else {
    fuelLine(
      fuelGross,
      property.fuel === 'oil' ? Math.round(kwh / 10) * 1000 : kwh * 1000,
      property.fuel === 'oil' ? 'l' : 'kWh',
      fuelNote,
    )
  }
  line('HK_DLP', cost(45 + units * 12.8, 0), {
    key: 'NE',
    quantity: units * 1000,
    unit: 'Stück',
    note: 'Abrechnungsdienstleistung',
    system: true,
  })
  // §5: CO2 costs are entered as credits, so this line is negative. The landlord's share is the
  // split the server computes (decision 032); district heating needs the supplier's kg CO2,
  // which the demo does not have, so its line is an estimate the CO2 panel will question.
  const estimate = -Math.round(fuelGross * (0.04 + g.faker.number.float({ min: 0, max: 0.08 })))
  const living = property.units
    .filter((unit) => unit.usage === 'W')
    .reduce((sum, unit) => sum + unit.area, 0)
  const split = co2Split({
    fuels,
    emissionsKgInvoice: null,
    co2CostInvoice: null,
    areaKind: 'WF',
    areaSquareMetres: living > 0 ? decimal2(living) : null,
    from,
    until,
    residential: property.plan.usage !== 'G',
    restriction: 'none',
  })
  const co2 =
    split.landlordAmount === null ? estimate : -Math.round(Number(split.landlordAmount) * 100)
  line('HK_CO2', co2, {
    quantity: Math.round(Number(split.emissionsKg ?? kwh * 0.201)),
    unit: 't',
    note: 'Vermieteranteil nach CO2KostAufG',
  })
  if (!open) {
    line('HK_STROM', cost(units * 160 * 0.3), {
      key: 'HF',
      quantity: units * 160_000,
      unit: 'kWh',
    })
    line('HK_WARTUNG', cost(480), { deductible: 0.5, note: 'Wartungsvertrag Heizungsbau' })
    line('HK_IMMISSION', cost(120), { key: 'NE', deductible: 0.8 })
    line('HK_GERAETEMIETE', cost(units * 34), {
      key: 'NE',
      quantity: units * 1000,
      unit: 'Stück',
    })
    line('HK_GERAETEMIETE', cost(65, 0.1), {
      key: 'DIR',
      object: 'VSTELLE',
      allocationObject: lastUnit.pod,
      note: `Nachrüstung Erfassungsgerät ${lastUnit.reference}`,
    })
  }
  const advances = property.units.reduce(
    (sum, unit) => sum + (unit.contracts.at(-1)?.heatingAdvance ?? 0),
    0,
  )
  line('HKVOR', advances * 12, { key: 'DIR', note: 'Summe Vorauszahlungen' })
  const baseShare = at([30, 40, 50], property.index)
  line('HKA_H1', Math.round((fuelGross * baseShare) / 100), {
    quantity: baseShare * 1000,
    unit: '%',
  })
  line('HKA_H2', fuelGross - Math.round((fuelGross * baseShare) / 100), {
    quantity: (100 - baseShare) * 1000,
    unit: '%',
  })
  line('HKA_W1', Math.round(fuelGross * 0.3 * 0.18), { quantity: 30_000, unit: '%' })
  line('HKA_W2', Math.round(fuelGross * 0.7 * 0.18), { quantity: 70_000, unit: '%' })
  line('HKA_KW', cost(units * 40 * 2.1), { quantity: units * 40_000, unit: 'm³' })
  line('HKA_WW', cost(units * 15 * 2.1), { quantity: units * 15_000, unit: 'm³' })

  // Working list
  const water = units * g.int(38, 46)
  line('NK_WASSER', cost(water * 2.1 + 120), {
    vat: 7,
    key: 'VERB',
    quantity: water * 1000,
    unit: 'm³',
  })
  if (!open)
    line('NK_ABWASSER', cost(water * 2.6), {
      vat: 0,
      key: 'VERB',
      quantity: water * 1000,
      unit: 'm³',
    })
  if (property.productKind === 'HBK') {
    line('NK_GRUNDSTEUER', cost(m2 * 2.2), { vat: 0, note: `Grundsteuerbescheid ${year}` })
    line('NK_VERSICHERUNG', cost(m2 * 2.1), {
      vat: 0,
      from: dateIn(year, 4, 1),
      note: 'Wohngebäudeversicherung ab April',
    })
    line('NK_VERSICHERUNG', cost(m2 * 0.7), {
      vat: 0,
      until: dateIn(year, 3, 31),
      note: 'Wohngebäudeversicherung Januar bis März',
    })
    line(
      'BKVOR',
      property.units.reduce((sum, unit) => sum + (unit.contracts.at(-1)?.otherAdvance ?? 0), 0) * 6,
      { key: 'DIR', note: 'Summe Vorauszahlungen Betriebskosten' },
    )
    if (!open) {
      line('NK_STRASSENREINIGUNG', cost(m2 * 0.35), { vat: 0 })
      line('NK_MUELL', cost(units * 180), { vat: 0, key: 'NE' })
      line('NK_ALLGSTROM', cost(units * 110 * 0.32), {
        key: 'NE',
        quantity: units * 110_000,
        unit: 'kWh',
      })
      line('BK_HAUSMEISTER', cost(m2 * 3.4), {
        apportionable: 0.85,
        deductible: 0.9,
        note: 'Hauswart inkl. Verwaltungsanteil (nicht umlagefähig)',
      })
      line('BK_GARTEN', cost(900, 0.4), { deductible: 0.8 })
      line('BK_WINTERDIENST', cost(380, 0.4), { deductible: 0.9 })
      line('SK_RWM', cost(property.rwmCount * 4.9), {
        key: 'NE',
        quantity: property.rwmCount * 1000,
        unit: 'Stück',
        deductible: 0.4,
      })
      line('SK_RWM', cost(39, 0), {
        key: 'DIR',
        object: 'NUTZUNGSEINHEIT',
        allocationObject: firstUnit.pod,
        note: `Austausch defekter Rauchwarnmelder ${firstUnit.reference}`,
        deductible: 0.4,
      })
      if (year % 3 === 0) line('SK_LEGIONELLEN', cost(340), { key: 'NE' })
      const cleaningTargets =
        property.buildings.length > 0
          ? [property.connection, ...property.buildings]
          : [property.connection]
      for (const target of cleaningTargets) {
        line('BK_REINIGUNG', cost((m2 * 1.6) / cleaningTargets.length), {
          deductible: 0.9,
          allocationObject: target.id,
          note:
            target === property.connection
              ? 'Treppenhausreinigung'
              : `Treppenhausreinigung ${target.name2}`,
        })
      }
      if (property.plan.units >= 12 || property.buildings.length > 0) {
        line('BK_AUFZUG', cost(2_400, 0.25), {
          key: 'NE',
          object: 'NUTZERGRUPPE',
          allocationObject: `${propertyId}-NUG1`,
          deductible: 0.3,
          note: 'Wartung und Notruf Aufzug',
        })
      }
      if (property.units.some((unit) => unit.usage === 'G')) {
        line('NK_MUELL', cost(420, 0.3), {
          vat: 0,
          key: 'NF',
          object: 'NUTZGRUPPE',
          allocationObject: `${propertyId}-NG2`,
          note: 'Gewerbemüll',
        })
      }
      const contract = lastUnit.contracts.find((c) => overlaps(c.from, c.until, from, until))
      if (contract) {
        line('NK_MUELL', cost(85, 0.2), {
          vat: 0,
          key: 'DIR',
          object: 'VERTRAG',
          allocationObject: contract.key,
          note: 'Sperrmüllabholung auf Veranlassung des Mieters',
        })
      }
    }
  }
  line(
    'NKVOR',
    property.units.reduce((sum, unit) => sum + (unit.contracts.at(-1)?.otherAdvance ?? 0), 0) *
      (property.productKind === 'HBK' ? 6 : 12),
    { key: 'DIR', note: 'Summe Vorauszahlungen Nebenkosten' },
  )
  return totals
}

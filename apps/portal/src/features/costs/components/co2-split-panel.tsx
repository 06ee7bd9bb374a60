import Alert from '@mui/material/Alert'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  checkLandlordLine,
  CO2_PRICE_PER_TONNE,
  co2Split,
  formatAmount,
  formatDecimal,
  FUEL_COST_TYPES,
  FUELS,
  isCo2CostType,
  isVisibleExpense,
  parseGermanDecimal,
  periodDays,
  sumAmounts,
  type AttributeRecord,
  type Fuel,
  type OperatingCosts,
} from '@portal/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAttributes } from '../../properties/api/property'

/** A figure as the user would type it: German, to `digits` decimals. */
const german = (value: number | string | null, digits: number) =>
  value === null || value === '' ? '' : formatDecimal(value, digits)

/** The fuel the lines name: heating oil in litres, district heating by its note, else gas. */
function fuelOf(units: (string | null)[], notes: (string | null)[]): Fuel {
  if (units.includes('l')) return 'oil'
  if (notes.some((note) => /fernwärme/i.test(note ?? ''))) return 'district'
  if (notes.some((note) => /flüssiggas/i.test(note ?? ''))) return 'lpg'
  return 'gas'
}

/**
 * Issue 16: the CO2 cost split of a heating distribution with fuel costs (nothing without) (CO2KostAufG,
 * docs/decisions/032). The inputs start from the fuel lines (quantity), the fuel's default emission
 * factor, the property's heated area and building use; each may be corrected from the invoice.
 * The calculation is shown step by step, and the entered landlord credit is checked against it.
 */
export default function Co2SplitPanel({
  costs,
  connection,
}: {
  costs: OperatingCosts
  connection: string
}) {
  const hasFuel = costs.operatingCostsHeatingExpense.some(
    (line) => FUEL_COST_TYPES.includes(line.tariffComponent) && line.quantity !== null,
  )
  const attributes = useAttributes('ANSCHLUSS', connection, hasFuel)
  // only with fuel costs; the inputs start from the master data: the form waits for them
  if (!hasFuel || !attributes.data) return null
  return <Co2SplitForm costs={costs} attributes={attributes.data} />
}

function Co2SplitForm({
  costs,
  attributes,
}: {
  costs: OperatingCosts
  attributes: AttributeRecord[]
}) {
  const { t } = useTranslation()
  const heating = costs.operatingCostsHeatingExpense.filter(isVisibleExpense)
  const fuelLines = heating.filter((line) => FUEL_COST_TYPES.includes(line.tariffComponent))
  const co2Lines = heating.filter((line) => isCo2CostType(line.tariffComponent))
  const attribute = (code: string) => attributes.find((a) => a.ATTRIBUT === code)?.WERT ?? null
  const year = Number(costs.until.slice(0, 4))
  const price = CO2_PRICE_PER_TONNE[year]

  const [fuel, setFuel] = useState<Fuel>(() =>
    fuelOf(
      fuelLines.map((line) => line.unit),
      fuelLines.map((line) => line.note),
    ),
  )
  const [quantity, setQuantity] = useState(() => {
    const total = sumAmounts(fuelLines.map((line) => line.quantity))
    return german(total, Number.isInteger(Number(total)) ? 0 : 3)
  })
  const [factor, setFactor] = useState(() => german(FUELS[fuel].kgPerUnit, 3))
  const [area, setArea] = useState(() => german(attribute('HF') ?? attribute('WF'), 2))
  const [residential, setResidential] = useState(attribute('GNA') !== 'G')
  const [invoiceCosts, setInvoiceCosts] = useState('')

  const parsed = {
    quantity: parseGermanDecimal(quantity),
    factor: parseGermanDecimal(factor),
    area: parseGermanDecimal(area),
    invoiceCosts: invoiceCosts.trim() === '' ? null : parseGermanDecimal(invoiceCosts),
  }
  const unit = FUELS[fuel].unit
  const complete =
    parsed.quantity !== null &&
    parsed.factor !== null &&
    parsed.area !== null &&
    Number(parsed.area) > 0 &&
    (invoiceCosts.trim() === '' ? price !== undefined : parsed.invoiceCosts !== null)
  const emissionsTonnes = complete ? (Number(parsed.quantity) * Number(parsed.factor)) / 1000 : 0
  const co2Costs =
    parsed.invoiceCosts ?? (price === undefined ? null : (emissionsTonnes * price).toFixed(2))
  const split =
    complete && co2Costs !== null
      ? co2Split({
          fuelQuantity: Number(parsed.quantity),
          fuelUnit: unit,
          kgPerUnit: Number(parsed.factor),
          areaSquareMetres: Number(parsed.area),
          periodDays: periodDays(costs.from, costs.until),
          residential,
          co2Costs,
        })
      : null
  const entered =
    co2Lines.length > 0 ? sumAmounts(co2Lines.map((l) => l.amountTransactionCurrency)) : null
  const check = split && entered !== null ? checkLandlordLine(entered, split.landlordShare) : null

  const numberField = (
    label: string,
    value: string,
    onChange: (value: string) => void,
    helperText?: string,
  ) => (
    <TextField
      fullWidth
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={value.trim() !== '' && parseGermanDecimal(value) === null}
      helperText={
        value.trim() !== '' && parseGermanDecimal(value) === null
          ? t('costs.entry.invalidNumber')
          : helperText
      }
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  )

  return (
    <Paper component="section" aria-labelledby="co2-split-title" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="co2-split-title" gutterBottom>
        {t('costs.co2.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('costs.co2.intro')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            select
            fullWidth
            label={t('costs.co2.fuel')}
            value={fuel}
            onChange={(event) => {
              const next = event.target.value as Fuel
              setFuel(next)
              setFactor(german(FUELS[next].kgPerUnit, 3))
            }}
          >
            {(Object.keys(FUELS) as Fuel[]).map((key) => (
              <MenuItem key={key} value={key}>
                {FUELS[key].name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          {numberField(
            t('costs.co2.quantity', { unit }),
            quantity,
            setQuantity,
            t('costs.co2.quantityHelp'),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          {numberField(
            t('costs.co2.factor', { unit }),
            factor,
            setFactor,
            FUELS[fuel].kgPerUnit === null
              ? t('costs.co2.factorFromInvoice')
              : t('costs.co2.factorHelp'),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          {numberField(t('costs.co2.area'), area, setArea, t('costs.co2.areaHelp'))}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            select
            fullWidth
            label={t('costs.co2.building')}
            value={residential ? 'residential' : 'other'}
            onChange={(event) => setResidential(event.target.value === 'residential')}
          >
            <MenuItem value="residential">{t('costs.co2.residential')}</MenuItem>
            <MenuItem value="other">{t('costs.co2.nonResidential')}</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          {numberField(
            t('costs.co2.costs'),
            invoiceCosts,
            setInvoiceCosts,
            price === undefined
              ? t('costs.co2.costsRequired')
              : t('costs.co2.costsHelp', { year, price }),
          )}
        </Grid>
      </Grid>
      <div aria-live="polite">
        {split ? (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'medium' }}>
              {t('costs.co2.calculation')}
            </Typography>
            <ol>
              {parsed.invoiceCosts === null && price !== undefined && (
                <li>
                  {t('costs.co2.priceStep', {
                    tonnes: formatDecimal(emissionsTonnes, 3),
                    year,
                    price,
                    costs: formatAmount(co2Costs),
                  })}
                </li>
              )}
              {split.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {check === null ? (
              <Alert severity="info">
                {t('costs.co2.noLine', { expected: formatAmount(`-${split.landlordShare}`) })}
              </Alert>
            ) : check.matches ? (
              <Alert severity="success">
                {t('costs.co2.matches', { entered: formatAmount(entered) })}
              </Alert>
            ) : (
              <Alert severity="warning">
                {t('costs.co2.differs', {
                  entered: formatAmount(entered),
                  expected: formatAmount(check.expected),
                  difference: formatAmount(check.difference),
                })}
              </Alert>
            )}
          </>
        ) : (
          <Typography>{t('costs.co2.incomplete')}</Typography>
        )}
      </div>
    </Paper>
  )
}

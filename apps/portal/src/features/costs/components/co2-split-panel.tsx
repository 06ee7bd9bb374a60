import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  checkLandlordLine,
  CO2_AREA_KINDS,
  CO2_RESTRICTIONS,
  Co2SplitUpdateSchema,
  ENERGY_CARRIER_CODES,
  ENERGY_CARRIERS,
  energyCarrierLabel,
  formatAmount,
  formatDecimal,
  FUEL_COST_TYPES,
  isOpenForEntry,
  parseGermanDecimal,
  type Co2AreaKind,
  type Co2Restriction,
  type Co2SplitAnswer,
  type Co2SplitUpdate,
  type EnergyCarrierCode,
  type OperatingCosts,
} from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DescriptionList } from '../../../components/description-list'
import { ApiError } from '../../../lib/api-client'
import { co2SplitQuery, useCorrectCo2Split } from '../api/co2-split'
import { CostsSection } from './costs-section'
import '../locales'

/** A stored decimal as the user would type it: German, without trailing zeros. */
const german = (value: string | null) =>
  value === null ? '' : formatDecimal(value, value.includes('.') ? value.split('.')[1]!.length : 0)

type NumberField = 'quantity' | 'emissionsKgInvoice' | 'co2CostInvoice' | 'primaryEnergyFactor'

/**
 * Decision 032: the CO2 split of a heating distribution with fuel costs, as the server
 * computes it (CO2KostAufG): the figures, the steps of the calculation, the check of the recorded
 * landlord credit, and the corrections from the invoice, which the server stores.
 */
export default function Co2SplitPanel({ costs }: { costs: OperatingCosts; connection: string }) {
  const hasFuel = costs.operatingCostsHeatingExpense.some(
    (line) => FUEL_COST_TYPES.includes(line.tariffComponent) && line.quantity !== null,
  )
  const split = useQuery({ ...co2SplitQuery(costs.operatingCostsDistribution), enabled: hasFuel })
  if (!hasFuel || !split.data) return null
  return (
    <Co2SplitView
      split={split.data}
      open={isOpenForEntry(costs.operatingCostsDistributionStatus)}
      // a new answer (another user's correction, a changed fuel line) starts the form afresh
      key={`${split.data.version}-${split.dataUpdatedAt}`}
    />
  )
}

function Co2SplitView({ split, open }: { split: Co2SplitAnswer; open: boolean }) {
  const { t } = useTranslation()
  const correct = useCorrectCo2Split(split.operatingCostsDistribution)
  const corrections = split.corrections
  const [carrier, setCarrier] = useState<EnergyCarrierCode | ''>(corrections.energyCarrier ?? '')
  const [areaKind, setAreaKind] = useState<Co2AreaKind | ''>(corrections.areaKind ?? '')
  const [restriction, setRestriction] = useState<Co2Restriction | ''>(corrections.restriction ?? '')
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    quantity: german(corrections.quantity),
    emissionsKgInvoice: german(corrections.emissionsKgInvoice),
    co2CostInvoice: german(corrections.co2CostInvoice),
    primaryEnergyFactor: german(corrections.primaryEnergyFactor),
  })
  /** The field's message before sending: German number form, then the server's rule (decision 044). */
  const messageOf = (field: NumberField): string | null => {
    const text = numbers[field].trim()
    if (text === '') return null
    const decimal = parseGermanDecimal(text)
    if (decimal === null) return t('costs.entry.invalidNumber')
    const result = Co2SplitUpdateSchema.shape[field].safeParse(decimal)
    return result.success ? null : (result.error.issues[0]?.message ?? null)
  }
  const invalid = (field: NumberField) => messageOf(field) !== null
  const serverError = correct.error instanceof ApiError ? correct.error : null
  const errorOf = (field: string) =>
    serverError?.field === field ? serverError.message : undefined

  // decision 067: the network's primary energy factor belongs to the billing information
  const districtHeating =
    carrier === 'FERNWAERME' ||
    split.fuels.some((fuel) => fuel.energyCarrier === 'FERNWAERME') ||
    corrections.primaryEnergyFactor !== null
  const unit = split.quantityUnit ?? ''
  const carrierName = split.energyCarrier
    ? ENERGY_CARRIERS[split.energyCarrier].name
    : split.fuels.map((fuel) => ENERGY_CARRIERS[fuel.energyCarrier].name).join(', ')
  const areaName = t(`costs.co2.areaKind.${split.areaKind}`)

  const figures = [
    {
      term: t('costs.co2.fuel'),
      description: split.energyCarrierAssumed
        ? t('costs.co2.assumed', { carrier: carrierName })
        : carrierName,
    },
    ...(split.quantity !== null
      ? [
          {
            term: t('costs.co2.quantity'),
            description: `${formatDecimal(split.quantity, 0)} ${unit}${split.heatingValueBasis ? ` (${t(`costs.co2.basis.${split.heatingValueBasis}`)})` : ''}`,
          },
        ]
      : []),
    ...(split.emissionFactor !== null
      ? [
          {
            term: t('costs.co2.factor', { unit }),
            description: formatDecimal(split.emissionFactor, 4),
          },
        ]
      : []),
    {
      term: t('costs.co2.emissions'),
      description:
        split.emissionsKg === null
          ? t('costs.co2.unknown')
          : `${formatDecimal(split.emissionsKg, 1)} kg${split.emissionsSource === 'invoice' ? ` ${t('costs.co2.fromInvoice')}` : ''}`,
    },
    {
      term: t('costs.co2.area'),
      description:
        split.areaSquareMetres === null
          ? t('costs.co2.unknown')
          : `${formatDecimal(split.areaSquareMetres, 2)} m² ${areaName} (${split.areaKind})`,
    },
    {
      term: t('costs.co2.perSquareMetre'),
      description:
        split.kgPerSquareMetreYear === null
          ? t('costs.co2.unknown')
          : `${formatDecimal(split.kgPerSquareMetreYear, 1)} kg/m²`,
    },
    {
      term: t('costs.co2.stage'),
      description: split.stage
        ? t('costs.co2.stageOf', { stage: split.stage.stage })
        : t(split.residential ? 'costs.co2.noStage' : 'costs.co2.nonResidential'),
    },
    {
      term: t('costs.co2.shares'),
      description:
        split.landlordAmount === null || split.tenantAmount === null
          ? t('costs.co2.unknown')
          : t('costs.co2.sharesOf', {
              landlordPercent: formatDecimal(
                split.landlordPercent ?? 0,
                Number.isInteger(split.landlordPercent) ? 0 : 1,
              ),
              landlord: formatAmount(split.landlordAmount),
              tenant: formatAmount(split.tenantAmount),
            }),
    },
    {
      term: t('costs.co2.costs'),
      description:
        split.co2Cost === null
          ? t('costs.co2.unknown')
          : `${formatAmount(split.co2Cost)} ${t(split.co2CostSource === 'invoice' ? 'costs.co2.fromInvoice' : 'costs.co2.fromPrice')}`,
    },
  ]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (
      (['quantity', 'emissionsKgInvoice', 'co2CostInvoice', 'primaryEnergyFactor'] as const).some(
        invalid,
      )
    )
      return
    const decimal = (field: NumberField) =>
      numbers[field].trim() === '' ? null : parseGermanDecimal(numbers[field])
    const update: Co2SplitUpdate = {
      energyCarrier: carrier === '' ? null : carrier,
      quantity: decimal('quantity'),
      emissionsKgInvoice: decimal('emissionsKgInvoice'),
      co2CostInvoice: decimal('co2CostInvoice'),
      primaryEnergyFactor: decimal('primaryEnergyFactor'),
      areaKind: areaKind === '' ? null : areaKind,
      restriction: restriction === '' ? null : restriction,
    }
    correct.mutate(update)
  }

  const numberField = (field: NumberField, label: string, helperText: string) => (
    <TextField
      fullWidth
      label={label}
      value={numbers[field]}
      onChange={(event) => setNumbers((current) => ({ ...current, [field]: event.target.value }))}
      error={invalid(field) || errorOf(field) !== undefined}
      helperText={messageOf(field) ?? errorOf(field) ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  )
  /** A choice whose empty value is the default, named as such; the server's message at it. */
  const selectField = (
    field: 'energyCarrier' | 'areaKind' | 'restriction',
    label: string,
    value: string,
    onChange: (value: string) => void,
    defaultLabel: string,
    options: { value: string; label: string }[],
  ) => (
    <TextField
      select
      fullWidth
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={errorOf(field)}
      error={errorOf(field) !== undefined}
    >
      <MenuItem value="">{defaultLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  )
  const check =
    split.enteredLandlordLine !== null && split.landlordAmount !== null
      ? checkLandlordLine(split.enteredLandlordLine, split.landlordAmount)
      : null

  return (
    <CostsSection id="co2-split-title" title={t('costs.co2.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('costs.co2.intro')}
      </Typography>
      <div aria-live="polite">
        <DescriptionList items={figures} />
        {split.missing.map((message) => (
          <Alert key={message} severity="info" sx={{ mt: 2 }}>
            {message}
          </Alert>
        ))}
        {split.steps.length > 0 && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'medium', mt: 2 }}>
              {t('costs.co2.calculation')}
            </Typography>
            <ol>
              {split.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </>
        )}
        {check === null ? (
          split.expectedLandlordLine !== null && (
            <Alert severity="info">
              {t('costs.co2.noLine', { expected: formatAmount(split.expectedLandlordLine) })}
            </Alert>
          )
        ) : check.matches ? (
          <Alert severity="success">
            {t('costs.co2.matches', { entered: formatAmount(split.enteredLandlordLine) })}
          </Alert>
        ) : (
          <Alert severity="warning">
            {t('costs.co2.differs', {
              entered: formatAmount(split.enteredLandlordLine),
              expected: formatAmount(check.expected),
              difference: formatAmount(check.difference),
            })}
          </Alert>
        )}
      </div>

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'medium', mt: 3, mb: 1 }}>
        {t('costs.co2.corrections')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t(open ? 'costs.co2.correctionsHelp' : 'costs.co2.correctionsClosed')}
      </Typography>
      {open && (
        <form onSubmit={submit} noValidate>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {selectField(
                'energyCarrier',
                t('costs.co2.carrierField'),
                carrier,
                (value) => setCarrier(value as typeof carrier),
                t('costs.co2.fromLines'),
                ENERGY_CARRIER_CODES.map((code) => ({
                  value: code,
                  label: energyCarrierLabel(code),
                })),
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {numberField('quantity', t('costs.co2.quantityField'), t('costs.co2.quantityHelp'))}
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {numberField(
                'emissionsKgInvoice',
                t('costs.co2.emissionsField'),
                t('costs.co2.emissionsHelp'),
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {numberField('co2CostInvoice', t('costs.co2.costsField'), t('costs.co2.costsHelp'))}
            </Grid>
            {districtHeating && (
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                {numberField(
                  'primaryEnergyFactor',
                  t('costs.co2.primaryEnergyFactorField'),
                  t('costs.co2.primaryEnergyFactorHelp'),
                )}
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {selectField(
                'areaKind',
                t('costs.co2.areaField'),
                areaKind,
                (value) => setAreaKind(value as typeof areaKind),
                t('costs.co2.areaDefault'),
                CO2_AREA_KINDS.map((kind) => ({
                  value: kind,
                  label: `${t(`costs.co2.areaKind.${kind}`)} (${kind})`,
                })),
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              {selectField(
                'restriction',
                t('costs.co2.restrictionField'),
                restriction,
                (value) => setRestriction(value as typeof restriction),
                t('costs.co2.restriction.default'),
                CO2_RESTRICTIONS.map((value) => ({
                  value,
                  label: t(`costs.co2.restriction.${value}`),
                })),
              )}
            </Grid>
          </Grid>
          {serverError && serverError.field === null && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {serverError.message}
            </Alert>
          )}
          <Button type="submit" variant="outlined" sx={{ mt: 2 }} disabled={correct.isPending}>
            {t('costs.co2.save')}
          </Button>
        </form>
      )}
    </CostsSection>
  )
}

import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import {
  ENERGY_CARRIER_CODES,
  energyCarrierLabel,
  FUEL_COST_TYPES,
  EXPENSE_LIST_FIELDS,
  formatDecimal,
  sumAmounts,
  type Expense,
  type ExpenseInput,
  type OperatingCosts,
  type PlausibilityReport,
} from '@portal/domain'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ControlledSelectField } from '../../../components/controlled-select-field'
import { ControlledTextField } from '../../../components/controlled-text-field'
import type { FieldProps } from '../../../components/kit/field'
import { ControlledDateField } from '../../../components/date-field'
import { useLeaveGuard } from '../../../components/leave-guard'
import { useServerFieldErrors } from '../../../lib/form-errors'
import {
  useSaveExpense,
  useValueList,
  valueListRequest,
  type ExpenseKind,
} from '../api/operating-costs'
import { Co2Deviation } from './co2-deviation'
import { CostDialog, type SaveQuestion } from './cost-dialog'
import {
  entryResolver,
  initialValues,
  INPUT_FIELDS,
  questionsBefore,
  type Confirmations,
  type EntryForm,
  type InputField,
  type NumberField,
} from './cost-entry-form'
import { DecimalField } from './decimal-field'
import { PreviousYearHint } from './previous-year-hint'
import { useCo2Check } from './use-co2-check'
import '../locales'

const negated = (value: string) => (value.startsWith('-') ? value.slice(1) : `-${value}`)

/**
 * Add or edit a cost line: cost type, object, relation and key from the value lists (§7), the
 * quantity and every amount of the catalogue. An edit sends exactly the fields the user changed.
 */
export function CostEntryDialog({
  costs,
  kind: initialKind,
  expense,
  previousYear,
  onSaved,
  onClose,
}: {
  costs: OperatingCosts
  kind: ExpenseKind
  expense?: Expense
  /** Decision 031: the comparison with the previous year, for the hint at the amount. */
  previousYear?: PlausibilityReport
  /** After a successful save, with the message to announce. */
  onSaved: (message: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const save = useSaveExpense(costs.operatingCostsDistribution)
  const resolver = useMemo(() => entryResolver(t), [t])
  const initial = useMemo(
    () => initialValues(initialKind, costs, expense),
    [initialKind, costs, expense],
  )
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { isDirty },
  } = useForm<EntryForm, unknown, ExpenseInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  })
  // decision 045: leaving the page with the dialog filled in asks first
  useLeaveGuard(isDirty)
  const [kind, tariffComponent, object, grossAmount] = useWatch({
    control,
    name: ['kind', 'tariffComponent', 'object', 'amountTransactionCurrency'],
  })
  const unshownError = useServerFieldErrors(
    save.error,
    setError,
    INPUT_FIELDS,
    expense ? '' : `${EXPENSE_LIST_FIELDS[kind]}.0`,
  )
  const costTypes = useValueList(valueListRequest(costs, kind, {}))
  const perCostType = useValueList(
    tariffComponent ? valueListRequest(costs, kind, { TARIF: tariffComponent }) : null,
  )
  const relations = useValueList(object ? valueListRequest(costs, kind, { OBJECT: object }) : null)
  const objects = (perCostType.data ?? []).filter((e) => e.obj === 'OBJEKT')
  const keys = (perCostType.data ?? []).filter((e) => e.obj === 'SCHLUESSEL')

  const [question, setQuestion] = useState<SaveQuestion | null>(null)
  const co2 = useCo2Check({ costs, kind, tariffComponent, grossAmount, initial, expense })
  const co2Differs = co2.differs
  const [co2Reason, setCo2Reason] = useState('')
  const [co2ReasonMissing, setCo2ReasonMissing] = useState(false)
  /** The reason goes with the line when it differs from the split; the server keeps it. */
  const withCo2Reason = <T extends object>(input: T) =>
    co2Differs ? { ...input, co2DeviationReason: co2Reason.trim() } : input
  const nameOf = (code: string) => costTypes.data?.find((type) => type.key === code)?.name ?? code

  /** Saves at once, or after the user answered the questions of decision 036. */
  const saveAsking = (
    input: ExpenseInput,
    changed: ReadonlySet<string>,
    send: (confirmations: Confirmations) => void,
  ) => {
    const lines =
      kind === 'heating' ? costs.operatingCostsHeatingExpense : costs.operatingCostsWorkingExpense
    const { texts, confirmations } = questionsBefore(t, input, changed, lines, nameOf, expense)
    if (texts.length === 0) send({})
    else setQuestion({ texts, send: () => send(confirmations) })
  }
  const done = {
    onSuccess: () => onSaved(t('costs.entry.saved')),
    onSettled: () => setQuestion(null),
  }

  const onSubmit = handleSubmit((input) => {
    if (co2Differs && co2Reason.trim() === '') {
      setCo2ReasonMissing(true)
      return
    }
    if (!expense) {
      saveAsking(input, new Set(INPUT_FIELDS), (confirmations) =>
        save.mutate({ kind, input: withCo2Reason({ ...input, ...confirmations }) }, done),
      )
      return
    }
    // an edit names only what the user changed; everything else stays as stored
    const current = getValues()
    const changed = INPUT_FIELDS.filter((field) => current[field] !== initial[field])
    if (changed.length === 0) {
      onSaved(t('costs.entry.unchanged'))
      return
    }
    const update = Object.fromEntries(changed.map((field) => [field, input[field] ?? null]))
    saveAsking(input, new Set(changed), (confirmations) =>
      save.mutate(
        {
          kind,
          guid: expense.guid,
          version: expense.version,
          input: withCo2Reason({ ...update, ...confirmations }),
        },
        done,
      ),
    )
  })

  const text = (
    name: InputField,
    labelKey: string,
    props: Partial<Omit<FieldProps, 'name'>> = {},
  ) => (
    <ControlledTextField
      name={name}
      control={control}
      label={t(`costs.entry.${labelKey}`)}
      {...props}
    />
  )
  const decimal = (name: NumberField, labelKey: string, required = false) => (
    <DecimalField
      name={name}
      control={control}
      label={t(`costs.entry.${labelKey}`)}
      required={required}
      onChoose={(value) => setValue(name, value, { shouldValidate: true, shouldDirty: true })}
    />
  )
  const date = (name: 'from' | 'until') => (
    <ControlledDateField name={name} control={control} label={t(`costs.entry.${name}`)} required />
  )
  const select = (
    name: 'kind' | 'tariffComponent' | 'object' | 'allocationRef' | 'key',
    labelKey: string,
    options: { key: string; name: string }[],
    props: { onPick?: () => void; disabled?: boolean; helperText?: string } = {},
  ) => (
    <ControlledSelectField
      name={name}
      control={control}
      onPick={props.onPick}
      required
      disabled={props.disabled}
      label={t(`costs.entry.${labelKey}`)}
      helperText={props.helperText}
      // a fixed field's explanation must stay readable (axe colour contrast), not greyed out
      slotProps={{
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
      }}
    >
      {(value) => [
        ...options.map((option) => (
          <MenuItem key={option.key} value={option.key}>
            {option.name}
          </MenuItem>
        )),
        // keeps an edited line's value selectable before the lists have loaded
        typeof value === 'string' && value && !options.some((o) => o.key === value) && (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ),
      ]}
    </ControlledSelectField>
  )

  return (
    <CostDialog
      title={t(expense ? 'costs.entry.editTitle' : 'costs.entry.addTitle')}
      form="cost-entry"
      saveLabel={t('costs.entry.save')}
      pending={save.isPending}
      error={unshownError}
      onClose={onClose}
      question={question}
      words="costs.entry"
      onDismissQuestion={() => setQuestion(null)}
    >
      <Grid
        container
        spacing={2}
        component="form"
        id="cost-entry"
        noValidate
        onSubmit={(event) => {
          // the reason is asked for together with any other field's message
          if (co2Differs && co2Reason.trim() === '') setCo2ReasonMissing(true)
          return onSubmit(event)
        }}
        sx={{ pt: 1 }}
      >
        <Grid size={{ xs: 12, sm: 6 }}>
          {select(
            'kind',
            'kind',
            [
              { key: 'heating', name: t('costs.tabs.heating') },
              { key: 'working', name: t('costs.tabs.working') },
            ],
            // a line belongs to its list; moving it means deleting it and adding it to the other
            expense
              ? { disabled: true, helperText: t('costs.entry.kindFixed') }
              : {
                  onPick: () => {
                    setValue('tariffComponent', '')
                    setValue('object', '')
                    setValue('key', '')
                    setValue('allocationRef', '')
                  },
                },
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {select('tariffComponent', 'costType', costTypes.data ?? [], {
            onPick: () => {
              setValue('object', '')
              setValue('key', '')
              setValue('allocationRef', '')
              setValue('energyCarrier', '')
            },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {select('object', 'object', objects, { onPick: () => setValue('allocationRef', '') })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {select('allocationRef', 'relation', relations.data ?? [])}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{select('key', 'key', keys)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{date('from')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{date('until')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{decimal('quantity', 'quantity')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('unit', 'unit')}</Grid>
        {FUEL_COST_TYPES.includes(tariffComponent) && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <ControlledSelectField
              name="energyCarrier"
              control={control}
              label={t('costs.entry.energyCarrier')}
              helperText={t('costs.entry.energyCarrierHelp')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('costs.entry.energyCarrierNone')}</MenuItem>
              {ENERGY_CARRIER_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {energyCarrierLabel(code)}
                </MenuItem>
              ))}
            </ControlledSelectField>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>{decimal('amountTransactionCurrency', 'gross', true)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {decimal('apportionableAmount', 'apportionable', true)}
        </Grid>
        {previousYear && (
          <Grid size={12}>
            <PreviousYearHint
              report={previousYear}
              costs={costs}
              kind={kind}
              tariffComponent={tariffComponent}
              amount={grossAmount}
              editing={expense}
            />
          </Grid>
        )}
        {co2.mismatch && co2.check && (
          <Grid size={12}>
            <Co2Deviation
              expected={co2.check.expected}
              onTakeExpected={() => {
                const expected = formatDecimal(
                  sumAmounts([co2.typedGross!, negated(co2.check!.difference)]),
                  2,
                )
                setValue('amountTransactionCurrency', expected, { shouldValidate: true })
                setValue('apportionableAmount', expected, { shouldValidate: true })
              }}
              askReason={co2Differs}
              reason={co2Reason}
              reasonMissing={co2ReasonMissing}
              onReasonChange={(reason) => {
                setCo2Reason(reason)
                setCo2ReasonMissing(false)
              }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>{decimal('amountNet', 'net')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {decimal('amountNetApportionable', 'netApportionable')}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{decimal('deductibleAmount', 'deductible')}</Grid>
        <Grid size={12}>{text('note', 'note', { minRows: 2 })}</Grid>
      </Grid>
    </CostDialog>
  )
}

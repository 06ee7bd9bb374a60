import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  ambiguousDotReadings,
  checkLandlordLine,
  ENERGY_CARRIER_CODES,
  energyCarrierLabel,
  FUEL_COST_TYPES,
  isCo2CostType,
  EXPENSE_LIST_FIELDS,
  ExpenseInputSchema,
  formatAmount,
  formatChangePercent,
  formatDecimal,
  isImplausible,
  isVisibleExpense,
  isZeroTotal,
  parseGermanDecimal,
  sameCostTypeLines,
  storedDecimalAsInput,
  sumAmounts,
  yearOnYearChange,
  type Expense,
  type ExpenseInput,
  type OperatingCosts,
  type PlausibilityReport,
} from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useId, useMemo, useState } from 'react'
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ControlledTextField } from '../../../components/controlled-text-field'
import { ControlledDateField } from '../../../components/date-field'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useServerFieldErrors } from '../../../lib/form-errors'
import { co2SplitQuery } from '../api/co2-split'
import {
  useSaveExpense,
  useValueList,
  valueListRequest,
  type ExpenseKind,
} from '../api/operating-costs'

/** The decimal fields of a line: the quantity and the catalogue's amounts. */
const NUMBER_FIELDS = [
  'quantity',
  'amountTransactionCurrency',
  'apportionableAmount',
  'amountNet',
  'amountNetApportionable',
  'deductibleAmount',
] as const
const TEXT_FIELDS = [
  'tariffComponent',
  'object',
  'allocationRef',
  'key',
  'from',
  'until',
  'unit',
  'energyCarrier',
  'note',
] as const
const INPUT_FIELDS = [...TEXT_FIELDS, ...NUMBER_FIELDS] as const
type InputField = (typeof INPUT_FIELDS)[number]
type EntryForm = { kind: ExpenseKind } & Record<InputField, string>

/** The form shows what is stored, to the last stored digit, so that an untouched field sends nothing. */
function initialValues(kind: ExpenseKind, costs: OperatingCosts, expense?: Expense): EntryForm {
  const text = (value: string | null | undefined) => value ?? ''
  return {
    kind,
    tariffComponent: text(expense?.tariffComponent),
    object: text(expense?.object),
    allocationRef: text(expense?.allocationRef),
    key: text(expense?.key),
    from: expense?.from ?? costs.from,
    until: expense?.until ?? costs.until,
    unit: text(expense?.unit),
    energyCarrier: text(expense?.energyCarrier),
    note: text(expense?.note),
    ...(Object.fromEntries(
      NUMBER_FIELDS.map((field) => [field, storedDecimalAsInput(expense?.[field])]),
    ) as Record<(typeof NUMBER_FIELDS)[number], string>),
  }
}

/** The message of a number with a lone dot: which reading is meant must be asked, not guessed. */
const AMBIGUOUS = 'ambiguous'

/**
 * German number input (1.234,56) becomes decimal strings; a lone dot ('100.123') is asked about at
 * the field; then the rules of the shared ExpenseInputSchema (§5 required fields and CO2 negative,
 * the amounts' plausibility) give their messages at the fields.
 */
function entryResolver(t: TFunction): Resolver<EntryForm, unknown, ExpenseInput> {
  return (values) => {
    const errors: FieldErrors<EntryForm> = {}
    const parsed: Record<string, string | null> = {}
    for (const field of NUMBER_FIELDS) {
      const text = values[field].trim()
      const readings = ambiguousDotReadings(text)
      parsed[field] = text === '' ? null : parseGermanDecimal(text)
      if (readings) {
        errors[field] = { type: AMBIGUOUS, message: t('costs.entry.ambiguous', readings) }
      } else if (text !== '' && parsed[field] === null) {
        errors[field] = { type: 'format', message: t('costs.entry.invalidNumber') }
      }
    }
    const result = ExpenseInputSchema.safeParse({
      tariffComponent: values.tariffComponent,
      object: values.object,
      allocationRef: values.allocationRef,
      key: values.key,
      from: values.from,
      until: values.until,
      unit: values.unit.trim() || null,
      energyCarrier: values.energyCarrier || null,
      note: values.note.trim() || null,
      ...parsed,
      amountTransactionCurrency: parsed.amountTransactionCurrency ?? '',
      apportionableAmount: parsed.apportionableAmount ?? '',
    })
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof EntryForm
        if (!errors[field]) errors[field] = { type: issue.code, message: issue.message }
      }
    }
    return Object.keys(errors).length > 0 || !result.success
      ? { values: {}, errors }
      : { values: result.data, errors: {} }
  }
}

const negated = (value: string) => (value.startsWith('-') ? value.slice(1) : `-${value}`)

/** What the user confirmed by answering the questions before saving (decision 036). */
type Confirmations = { confirmSecondLine?: true; confirmZeroAmount?: true }

/**
 * Decision 036: what is asked before a line is saved, as the server would ask it: a total of zero
 * and a second line of the cost type for an overlapping period, each only when the save sets it.
 */
function questionsBefore(
  t: TFunction,
  line: ExpenseInput,
  changed: ReadonlySet<string>,
  lines: readonly Expense[],
  nameOf: (tariffComponent: string) => string,
  editing?: Expense,
): { texts: string[]; confirmations: Confirmations } {
  const texts: string[] = []
  const confirmations: Confirmations = {}
  if (changed.has('amountTransactionCurrency') && isZeroTotal(line)) {
    texts.push(t('costs.entry.zeroAmount'))
    confirmations.confirmZeroAmount = true
  }
  const recorded = ['tariffComponent', 'from', 'until'].some((field) => changed.has(field))
    ? sameCostTypeLines(lines, { ...line, guid: editing?.guid })
    : []
  if (recorded.length > 0) {
    texts.push(
      t('costs.entry.secondLine', {
        name: nameOf(line.tariffComponent),
        amount: formatAmount(sumAmounts(recorded.map((r) => r.amountTransactionCurrency))),
      }),
    )
    confirmations.confirmSecondLine = true
  }
  return { texts, confirmations }
}

/** A decimal input; for a lone dot it offers both readings as buttons at the field. */
function DecimalField({
  name,
  control,
  label,
  required = false,
  onChoose,
}: {
  name: (typeof NUMBER_FIELDS)[number]
  control: Control<EntryForm, unknown, ExpenseInput>
  label: string
  required?: boolean
  onChoose: (text: string) => void
}) {
  const { t } = useTranslation()
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const readings =
          fieldState.error?.type === AMBIGUOUS ? ambiguousDotReadings(field.value) : null
        return (
          <TextField
            {...field}
            fullWidth
            required={required}
            label={label}
            error={Boolean(fieldState.error)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            helperText={
              fieldState.error && (
                <>
                  {fieldState.error.message}
                  {readings && (
                    <Stack component="span" direction="row" spacing={1} useFlexGap flexWrap="wrap">
                      <Button size="small" onClick={() => onChoose(readings.decimal)}>
                        {t('costs.entry.asDecimal', { value: readings.decimal })}
                      </Button>
                      {readings.thousands && (
                        <Button size="small" onClick={() => onChoose(readings.thousands!)}>
                          {t('costs.entry.asThousands', { value: readings.thousands })}
                        </Button>
                      )}
                    </Stack>
                  )}
                </>
              )
            }
          />
        )
      }}
    />
  )
}

/**
 * Issue 16, at entry: last year's amount of the chosen cost type and what this year's lines of the
 * type come to with the typed amount; beyond the threshold a warning that does not block saving.
 */
function PreviousYearHint({
  report,
  costs,
  kind,
  tariffComponent,
  amount,
  editing,
}: {
  report: PlausibilityReport
  costs: OperatingCosts
  kind: ExpenseKind
  tariffComponent: string
  amount: string
  /** The line being edited: its stored amount is replaced by the typed one. */
  editing?: Expense
}) {
  const { t } = useTranslation()
  const previous = report.costTypes.find(
    (c) => c.list === kind && c.tariffComponent === tariffComponent,
  )?.previous
  if (!tariffComponent || previous === null || previous === undefined) return null
  const lines =
    kind === 'heating' ? costs.operatingCostsHeatingExpense : costs.operatingCostsWorkingExpense
  const others = lines.filter(
    (line) =>
      isVisibleExpense(line) &&
      line.tariffComponent === tariffComponent &&
      line.guid !== editing?.guid,
  )
  const typed = parseGermanDecimal(amount.trim())
  if (typed === null) {
    return (
      <Typography variant="body2">
        {t('costs.previousYear.entryHintPrevious', { previous: formatAmount(previous) })}
      </Typography>
    )
  }
  const projected = sumAmounts([...others.map((line) => line.amountTransactionCurrency), typed])
  const change = yearOnYearChange(previous, projected)
  return (
    <>
      <Typography variant="body2">
        {t('costs.previousYear.entryHint', {
          previous: formatAmount(previous),
          current: formatAmount(projected),
          percent:
            change.kind === 'change'
              ? formatChangePercent(change.percent)
              : t(`costs.previousYear.change.${change.kind}`),
        })}
      </Typography>
      <div role="status">
        {isImplausible(change, report.thresholdPercent) && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('costs.previousYear.entryWarning', { threshold: report.thresholdPercent })}
          </Alert>
        )}
      </div>
    </>
  )
}

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
  /** Issue 16: the comparison with the previous year, for the hint at the amount. */
  previousYear?: PlausibilityReport
  /** After a successful save, with the message to announce. */
  onSaved: (message: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const save = useSaveExpense(costs.operatingCostsDistribution)
  const resolver = useMemo(() => entryResolver(t), [t])
  const initial = useMemo(
    () => initialValues(initialKind, costs, expense),
    [initialKind, costs, expense],
  )
  const { control, handleSubmit, setValue, setError, getValues } = useForm<
    EntryForm,
    unknown,
    ExpenseInput
  >({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  })
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

  const [question, setQuestion] = useState<{ texts: string[]; send: () => void } | null>(null)

  // decision 032: a landlord's CO2 line is checked against the server's split before it is sent
  const isCo2Line = kind === 'heating' && isCo2CostType(tariffComponent)
  const split = useQuery({
    ...co2SplitQuery(costs.operatingCostsDistribution),
    enabled: isCo2Line,
  })
  const typedGross = parseGermanDecimal(grossAmount.trim())
  const co2Check =
    isCo2Line && split.data?.landlordAmount != null && typedGross !== null
      ? checkLandlordLine(
          sumAmounts([
            ...costs.operatingCostsHeatingExpense
              .filter((line) => isCo2CostType(line.tariffComponent) && line.guid !== expense?.guid)
              .map((line) => line.amountTransactionCurrency),
            typedGross,
          ]),
          split.data.landlordAmount,
        )
      : null
  // as on the server: only a new line, or a change of its amount or cost type, is checked
  const co2Touched =
    !expense ||
    grossAmount !== initial.amountTransactionCurrency ||
    tariffComponent !== initial.tariffComponent
  const co2Mismatch = co2Check !== null && !co2Check.matches
  const co2Differs = co2Touched && co2Mismatch
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

  const text = (name: InputField, labelKey: string, props: Record<string, unknown> = {}) => (
    <ControlledTextField
      name={name}
      control={control}
      label={t(`costs.entry.${labelKey}`)}
      {...props}
    />
  )
  const decimal = (name: (typeof NUMBER_FIELDS)[number], labelKey: string, required = false) => (
    <DecimalField
      name={name}
      control={control}
      label={t(`costs.entry.${labelKey}`)}
      required={required}
      onChoose={(value) => setValue(name, value, { shouldValidate: true, shouldDirty: true })}
    />
  )
  const select = (
    name: 'kind' | 'tariffComponent' | 'object' | 'allocationRef' | 'key',
    labelKey: string,
    options: { key: string; name: string }[],
    props: { onPick?: () => void; disabled?: boolean; helperText?: string } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(event) => {
            field.onChange(event)
            props.onPick?.()
          }}
          select
          fullWidth
          required
          disabled={props.disabled}
          label={t(`costs.entry.${labelKey}`)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.helperText}
          // a fixed field's explanation must stay readable (axe colour contrast), not greyed out
          slotProps={{
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        >
          {options.map((option) => (
            <MenuItem key={option.key} value={option.key}>
              {option.name}
            </MenuItem>
          ))}
          {/* keeps an edited line's value selectable before the lists have loaded */}
          {field.value && !options.some((o) => o.key === field.value) && (
            <MenuItem value={field.value}>{field.value}</MenuItem>
          )}
        </TextField>
      )}
    />
  )

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t(expense ? 'costs.entry.editTitle' : 'costs.entry.addTitle')}
      </DialogTitle>
      <DialogContent>
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
          <Grid size={{ xs: 12, sm: 6 }}>
            <ControlledDateField
              name="from"
              control={control}
              label={t('costs.entry.from')}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ControlledDateField
              name="until"
              control={control}
              label={t('costs.entry.until')}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{decimal('quantity', 'quantity')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('unit', 'unit')}</Grid>
          {FUEL_COST_TYPES.includes(tariffComponent) && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                name="energyCarrier"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    select
                    fullWidth
                    label={t('costs.entry.energyCarrier')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? t('costs.entry.energyCarrierHelp')}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">{t('costs.entry.energyCarrierNone')}</MenuItem>
                    {ENERGY_CARRIER_CODES.map((code) => (
                      <MenuItem key={code} value={code}>
                        {energyCarrierLabel(code)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 6 }}>
            {decimal('amountTransactionCurrency', 'gross', true)}
          </Grid>
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
          {co2Mismatch && (
            <Grid size={12}>
              <Alert
                severity="warning"
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      const expected = formatDecimal(
                        sumAmounts([typedGross!, negated(co2Check.difference)]),
                        2,
                      )
                      setValue('amountTransactionCurrency', expected, { shouldValidate: true })
                      setValue('apportionableAmount', expected, { shouldValidate: true })
                    }}
                  >
                    {t('costs.entry.co2TakeExpected')}
                  </Button>
                }
              >
                {t('costs.entry.co2Differs', { expected: formatAmount(co2Check.expected) })}
              </Alert>
              {co2Differs && (
                <TextField
                  fullWidth
                  required
                  multiline
                  sx={{ mt: 2 }}
                  label={t('costs.entry.co2Reason')}
                  value={co2Reason}
                  onChange={(event) => {
                    setCo2Reason(event.target.value)
                    setCo2ReasonMissing(false)
                  }}
                  error={co2ReasonMissing}
                  helperText={co2ReasonMissing ? t('costs.entry.co2ReasonMissing') : undefined}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              )}
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 6 }}>{decimal('amountNet', 'net')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {decimal('amountNetApportionable', 'netApportionable')}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{decimal('deductibleAmount', 'deductible')}</Grid>
          <Grid size={12}>{text('note', 'note', { multiline: true, minRows: 2 })}</Grid>
        </Grid>
        <MutationOutcome error={unshownError} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form="cost-entry" variant="contained" loading={save.isPending}>
          {t('costs.entry.save')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={question !== null}
        title={t('costs.entry.confirmTitle')}
        text={question?.texts.join(' ') ?? ''}
        confirmLabel={t('costs.entry.confirmSave')}
        pending={save.isPending}
        onConfirm={() => question?.send()}
        onClose={() => setQuestion(null)}
      />
    </Dialog>
  )
}

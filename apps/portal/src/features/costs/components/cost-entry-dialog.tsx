import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import {
  ExpenseInputSchema,
  formatDecimal,
  parseGermanDecimal,
  type Expense,
  type ExpenseInput,
  type OperatingCosts,
  type ValueListRequest,
} from '@portal/domain'
import { useId, useMemo } from 'react'
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ControlledTextField } from '../../../components/controlled-text-field'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useSaveExpense, useValueList, type ExpenseKind } from '../api/operating-costs'

const VALUE_TABLE = { heating: 'tb_uti_bkosten_h', working: 'tb_uti_bkosten_b' } as const
const NUMBER_FIELDS = ['quantity', 'amountTransactionCurrency', 'apportionableAmount'] as const

type EntryForm = {
  kind: ExpenseKind
  tariffComponent: string
  object: string
  allocationRef: string
  key: string
  from: string
  until: string
  quantity: string
  unit: string
  amountTransactionCurrency: string
  apportionableAmount: string
  note: string
}

const german = (value: string | null) => (value === null ? '' : formatDecimal(value, 2))

function initialValues(kind: ExpenseKind, costs: OperatingCosts, expense?: Expense): EntryForm {
  return {
    kind,
    tariffComponent: expense?.tariffComponent ?? '',
    object: expense?.object ?? '',
    allocationRef: expense?.allocationRef ?? '',
    key: expense?.key ?? '',
    from: expense?.from ?? costs.from,
    until: expense?.until ?? costs.until,
    quantity: german(expense?.quantity ?? null),
    unit: expense?.unit ?? '',
    amountTransactionCurrency: german(expense?.amountTransactionCurrency ?? null),
    apportionableAmount: german(expense?.apportionableAmount ?? null),
    note: expense?.note ?? '',
  }
}

/**
 * German number input (1.234,56) becomes decimal strings; then the §5 rules of the shared
 * ExpenseInputSchema (required fields, CO2 negative) give their messages at the fields.
 */
function entryResolver(invalidNumber: string): Resolver<EntryForm, unknown, ExpenseInput> {
  return (values) => {
    const errors: FieldErrors<EntryForm> = {}
    const parsed: Record<string, string | null> = {}
    for (const field of NUMBER_FIELDS) {
      const text = values[field].trim()
      parsed[field] = text === '' ? null : parseGermanDecimal(text)
      if (text !== '' && parsed[field] === null)
        errors[field] = { type: 'format', message: invalidNumber }
    }
    const { kind: _kind, ...fields } = values
    const result = ExpenseInputSchema.safeParse({
      ...fields,
      quantity: parsed.quantity,
      amountTransactionCurrency: parsed.amountTransactionCurrency ?? '',
      apportionableAmount: parsed.apportionableAmount ?? '',
      unit: values.unit.trim() || null,
      note: values.note.trim() || null,
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

/** Add or edit a cost line: cost type, object, relation and key from the value lists (§7). */
export function CostEntryDialog({
  costs,
  kind: initialKind,
  expense,
  onClose,
}: {
  costs: OperatingCosts
  kind: ExpenseKind
  expense?: Expense
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const save = useSaveExpense(costs.operatingCostsDistribution)
  const resolver = useMemo(() => entryResolver(t('costs.entry.invalidNumber')), [t])
  const { control, handleSubmit, setValue } = useForm<EntryForm, unknown, ExpenseInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues(initialKind, costs, expense),
  })
  const [kind, tariffComponent, object] = useWatch({
    control,
    name: ['kind', 'tariffComponent', 'object'],
  })
  const head: ValueListRequest['head_data'] = {
    BKOSTEN: costs.operatingCostsDistribution,
    ANSCHLUSS: costs.connection,
    BUCHKREIS: costs.companyCode,
    PARTNER: costs.businessPartner,
    PRODUKT: costs.product,
    PRODVERSION: costs.productVersion,
    AB: costs.from,
    BIS: costs.until,
  }
  const request = (line: ValueListRequest['line_data']): ValueListRequest => ({
    table_name: VALUE_TABLE[kind],
    field_name: 'SCHLUESSEL',
    head_data: head,
    line_data: line,
  })
  const costTypes = useValueList(request({}))
  const perCostType = useValueList(tariffComponent ? request({ TARIF: tariffComponent }) : null)
  const relations = useValueList(object ? request({ OBJECT: object }) : null)
  const objects = (perCostType.data ?? []).filter((e) => e.obj === 'OBJEKT')
  const keys = (perCostType.data ?? []).filter((e) => e.obj === 'SCHLUESSEL')

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { kind, guid: expense?.guid, version: expense?.version, input },
      { onSuccess: onClose },
    ),
  )

  const text = (name: keyof EntryForm, labelKey: string, props: Record<string, unknown> = {}) => (
    <ControlledTextField
      name={name}
      control={control}
      label={t(`costs.entry.${labelKey}`)}
      {...props}
    />
  )
  const select = (
    name: keyof EntryForm,
    labelKey: string,
    options: { key: string; name: string }[],
    onPick?: () => void,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(event) => {
            field.onChange(event)
            onPick?.()
          }}
          select
          fullWidth
          required
          label={t(`costs.entry.${labelKey}`)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
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
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
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
          onSubmit={onSubmit}
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
              () => setValue('tariffComponent', ''),
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('tariffComponent', 'costType', costTypes.data ?? [], () => {
              setValue('object', '')
              setValue('key', '')
              setValue('allocationRef', '')
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {select('object', 'object', objects, () => setValue('allocationRef', ''))}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {select('allocationRef', 'relation', relations.data ?? [])}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{select('key', 'key', keys)}</Grid>
          <Grid size={{ xs: 6 }}>
            {text('from', 'from', {
              type: 'date',
              required: true,
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Grid>
          <Grid size={{ xs: 6 }}>
            {text('until', 'until', {
              type: 'date',
              required: true,
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            {text('quantity', 'quantity', { slotProps: { htmlInput: { inputMode: 'decimal' } } })}
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>{text('unit', 'unit')}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            {text('amountTransactionCurrency', 'gross', {
              required: true,
              slotProps: { htmlInput: { inputMode: 'decimal' } },
            })}
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            {text('apportionableAmount', 'apportionable', {
              required: true,
              slotProps: { htmlInput: { inputMode: 'decimal' } },
            })}
          </Grid>
          <Grid size={12}>{text('note', 'note', { multiline: true, minRows: 2 })}</Grid>
        </Grid>
        <MutationOutcome error={save.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" form="cost-entry" variant="contained" loading={save.isPending}>
          {t('costs.entry.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

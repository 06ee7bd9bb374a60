import DialogContentText from '@mui/material/DialogContentText'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  ALLOCATION_KEYS,
  EXPENSE_OBJECT_TYPES,
  ExpenseInputSchema,
  formatAmount,
  formatDate,
  isUserDeletableExpense,
  isVisibleExpense,
  isZeroTotal,
  label,
  parseGermanDecimal,
  sameCostTypeLines,
  sumAmounts,
  type Expense,
  type ExpenseInput,
  type OperatingCosts,
} from '@portal/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAddExpenses, type ExpenseKind } from '../api/operating-costs'
import { useRelationNames } from '../api/relation-names'
import { CostDialog, type SaveQuestion } from './cost-dialog'
import '../locales'

type Amounts = { gross: string; apportionable: string }
type LineErrors = Partial<Record<keyof Amounts, string>>

/** The two amounts a taken-over line needs, with the entry dialog's labels. */
const AMOUNT_FIELDS = [
  ['gross', 'costs.entry.gross'],
  ['apportionable', 'costs.entry.apportionable'],
] as const

/** Last year's lines a user may take over: not the provider's service fee, not the excluded ones. */
function previousLines(previous: OperatingCosts): { kind: ExpenseKind; expense: Expense }[] {
  return [
    ...previous.operatingCostsHeatingExpense.map((expense) => ({
      kind: 'heating' as const,
      expense,
    })),
    ...previous.operatingCostsWorkingExpense.map((expense) => ({
      kind: 'working' as const,
      expense,
    })),
  ].filter(({ expense }) => isVisibleExpense(expense) && isUserDeletableExpense(expense))
}

/**
 * Decision 036: what this year's list already holds of a cost type for this year's period (the
 * period every taken-over line gets); such a line is shown with it and not offered again.
 */
function recordedThisYear(costs: OperatingCosts, kind: ExpenseKind, expense: Expense) {
  const lines =
    kind === 'heating' ? costs.operatingCostsHeatingExpense : costs.operatingCostsWorkingExpense
  const recorded = sameCostTypeLines(lines, { ...expense, from: costs.from, until: costs.until })
  return recorded.length === 0
    ? null
    : sumAmounts(recorded.map((line) => line.amountTransactionCurrency))
}

/**
 * Decision 031, "Vorjahreswerte übernehmen": this year's entry starts from last year's lines: their
 * cost type, object, relation and allocation key, with this year's period and without amounts.
 * The user types the amounts; a line left without amounts is not taken over, nor is a cost type
 * this year's list holds already (decision 036: it would count twice). The rules of a cost line
 * (§5, CO2 negative, negative only for credits) apply as in the entry dialog; a total of zero and
 * a cost type taken over twice are asked about before saving.
 */
export function TakeOverDialog({
  costs,
  previous,
  nameOf,
  onSaved,
  onClose,
}: {
  costs: OperatingCosts
  previous: OperatingCosts
  nameOf: (tariffComponent: string) => string
  onSaved: (message: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  // last year's relations named as the table names them ("NE-0001 · EG links"), from this year's
  // value list: the one the taken-over lines are checked against
  const relationNames = useRelationNames({
    ...costs,
    operatingCostsHeatingExpense: previous.operatingCostsHeatingExpense,
    operatingCostsWorkingExpense: previous.operatingCostsWorkingExpense,
  })
  const lines = previousLines(previous).map((line) => ({
    ...line,
    recorded: recordedThisYear(costs, line.kind, line.expense),
  }))
  const [amounts, setAmounts] = useState<Amounts[]>(() =>
    lines.map(() => ({ gross: '', apportionable: '' })),
  )
  const [errors, setErrors] = useState<LineErrors[]>([])
  const [nothing, setNothing] = useState(false)
  const [question, setQuestion] = useState<SaveQuestion | null>(null)
  const save = useAddExpenses(costs.operatingCostsDistribution)

  const change = (index: number, field: keyof Amounts, value: string) =>
    setAmounts((current) => current.map((a, i) => (i === index ? { ...a, [field]: value } : a)))

  const submit = () => {
    const found: LineErrors[] = []
    const taken: Record<ExpenseKind, ExpenseInput[]> = { heating: [], working: [] }
    lines.forEach(({ kind, expense, recorded }, index) => {
      const { gross, apportionable } = amounts[index]!
      if (recorded !== null || (gross.trim() === '' && apportionable.trim() === '')) return
      const lineErrors: LineErrors = {}
      const parsed = {
        gross: parseGermanDecimal(gross.trim()),
        apportionable: parseGermanDecimal(apportionable.trim()),
      }
      for (const field of ['gross', 'apportionable'] as const) {
        if (amounts[index]![field].trim() === '') lineErrors[field] = t('validation.required')
        else if (parsed[field] === null) lineErrors[field] = t('costs.entry.invalidNumber')
      }
      const result = ExpenseInputSchema.safeParse({
        tariffComponent: expense.tariffComponent,
        object: expense.object,
        allocationRef: expense.allocationRef,
        key: expense.key,
        from: costs.from,
        until: costs.until,
        unit: expense.unit,
        note: null,
        amountTransactionCurrency: parsed.gross ?? '',
        apportionableAmount: parsed.apportionable ?? '',
      })
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = issue.path[0] === 'apportionableAmount' ? 'apportionable' : 'gross'
          lineErrors[field] ??= issue.message
        }
      }
      found[index] = lineErrors
      if (Object.keys(lineErrors).length === 0 && result.success) taken[kind].push(result.data)
    })
    setErrors(found)
    const count = taken.heating.length + taken.working.length
    setNothing(count === 0 && found.every((e) => e === undefined))
    if (found.some((e) => e && Object.keys(e).length > 0) || count === 0) return
    // decision 036: a zero total and a cost type taken over twice are saved once confirmed
    const texts: string[] = []
    const confirmed = { heating: [] as ExpenseInput[], working: [] as ExpenseInput[] }
    for (const kind of ['heating', 'working'] as const) {
      taken[kind].forEach((line, index) => {
        const zero = isZeroTotal(line)
        const twice = sameCostTypeLines(taken[kind].slice(0, index), line).length > 0
        if (zero) texts.push(t('costs.takeOver.zeroAmount', { name: nameOf(line.tariffComponent) }))
        if (twice)
          texts.push(t('costs.takeOver.secondLine', { name: nameOf(line.tariffComponent) }))
        confirmed[kind].push({
          ...line,
          ...(zero ? { confirmZeroAmount: true } : {}),
          ...(twice ? { confirmSecondLine: true } : {}),
        })
      })
    }
    const send = () =>
      save.mutate(confirmed, {
        onSuccess: () => onSaved(t('costs.takeOver.saved', { count })),
        onSettled: () => setQuestion(null),
      })
    if (texts.length === 0) send()
    else setQuestion({ texts, send })
  }

  return (
    <CostDialog
      title={t('costs.takeOver.title')}
      form="take-over"
      saveLabel={t('costs.takeOver.confirm')}
      pending={save.isPending}
      error={save.error}
      onClose={onClose}
      question={question}
      words="costs.takeOver"
      onDismissQuestion={() => setQuestion(null)}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t('costs.takeOver.text', {
          from: formatDate(previous.from),
          until: formatDate(previous.until),
        })}
      </DialogContentText>
      <form
        id="take-over"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        {lines.map(({ kind, expense, recorded }, index) => {
          // while the names load, a placeholder: never the record's key
          const relation =
            expense.object && expense.allocationRef
              ? (relationNames.nameOf(expense.object, expense.allocationRef) ?? '…')
              : ''
          const lineErrors = errors[index] ?? {}
          return (
            <Paper
              key={expense.guid}
              component="fieldset"
              variant="outlined"
              sx={{ p: 2, mb: 2, mx: 0, minWidth: 0 }}
            >
              <Typography component="legend" sx={{ px: 0.5, fontWeight: 'medium' }}>
                {nameOf(expense.tariffComponent)} · {t(`costs.${kind}Caption`)}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  color: 'text.secondary',
                  mb: 1,
                }}
              >
                {[
                  label(ALLOCATION_KEYS, expense.key),
                  relation && `${relation} (${label(EXPENSE_OBJECT_TYPES, expense.object)})`,
                  t('costs.takeOver.previousAmount', {
                    amount: formatAmount(expense.amountTransactionCurrency),
                  }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              {recorded !== null ? (
                <Typography variant="body2">
                  {t('costs.takeOver.recorded', { amount: formatAmount(recorded) })}
                </Typography>
              ) : (
                <Grid container spacing={2}>
                  {AMOUNT_FIELDS.map(([name, labelKey]) => (
                    <Grid key={name} size={{ xs: 12, sm: 6 }}>
                      <TextField
                        fullWidth
                        label={t(labelKey)}
                        value={amounts[index]![name]}
                        onChange={(event) => change(index, name, event.target.value)}
                        error={Boolean(lineErrors[name])}
                        helperText={lineErrors[name]}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      />
                    </Grid>
                  ))}
                </Grid>
              )}
            </Paper>
          )
        })}
      </form>
      <div role="status">
        {nothing && <Typography color="error">{t('costs.takeOver.nothing')}</Typography>}
      </div>
    </CostDialog>
  )
}

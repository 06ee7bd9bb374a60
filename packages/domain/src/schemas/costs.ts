/**
 * Wire shapes of the cost allocation (spec §3 "Operating costs record", "Expense", §7 "Operating
 * costs", ARCHITECTURE 3.1). Amounts and quantities are decimal strings with a dot, never numbers;
 * dates are 'YYYY-MM-DD'. The input schemas carry the German messages of §5 so that the portal's
 * forms show them at the fields and the server answers 400 with the same text.
 */
import { z } from 'zod'
import { CATALOGUE } from '../catalogue'
import { wireShape, wireShapeWithout } from '../catalogue/wire'
import {
  EXPENSE_PERIOD_ORDER_MESSAGE,
  co2AmountViolation,
  expenseAmountViolations,
  fuelQuantityViolation,
  negativeAmountViolations,
  type ExpenseAmountFields,
} from '../costs/expenses'
import { ENERGY_CARRIER_CODES } from '../costs/energy-carriers'
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../validation/messages'
import {
  IsoDateSchema,
  decimalViolation,
  integerSchema,
  isCalendarDate,
} from '../validation/values'
import { filledText, requiredDate, requiredText } from './form-fields'

/** An amount: at most 13 integer and 2 fraction digits (numeric(15,2)). */
const AMOUNT = { integerDigits: 13, fractionDigits: 2 }
/** A quantity: at most 11 integer and 3 fraction digits (numeric(14,3)). */
const QUANTITY = { integerDigits: 11, fractionDigits: 3 }
type Digits = typeof AMOUNT

/** The message for a malformed decimal. */
export const INVALID_FORMAT_MESSAGE = VALIDATION_MESSAGES.de.invalidFormat()
/** §7: a decline needs a reason. */
export const DECLINE_REASON_REQUIRED_MESSAGE = 'Bitte geben Sie einen Grund für die Ablehnung an.'
export const NOTE_MAX_LENGTH = 500

/** Adds the decimal rule's message (form, decimals, digits before the comma) to a text. */
const checkDecimal = (digits: Digits) => (value: string, context: z.RefinementCtx) => {
  const message =
    value === '' ? null : decimalViolation(value, digits, { formatMessage: INVALID_FORMAT_MESSAGE })
  if (message) context.addIssue({ code: 'custom', message })
}
const requiredPattern = (digits: Digits) => filledText().superRefine(checkDecimal(digits))
/** An optional decimal: '' and null both mean "none" (null on the wire after parsing). */
const optionalPattern = (digits: Digits) =>
  z
    .string()
    .trim()
    .superRefine(checkDecimal(digits))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, VALIDATION_MESSAGES.de.maxLength(max))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()

const { operatingCostsDistributions, operatingCostsExpenses } = CATALOGUE

export const ExpenseSchema = z.object(
  wireShapeWithout(
    operatingCostsExpenses,
    [
      'companyCode',
      'propertyConnection',
      'operatingCostsDistribution',
      'kind',
      'createdBy',
      'createdAt',
    ],
    /** A fuel line's energy carrier (decision 032), one of the codes; null on other lines. */
    { energyCarrier: z.enum(ENERGY_CARRIER_CODES).nullable() },
  ),
)
export type Expense = z.infer<typeof ExpenseSchema>

const expenseInputShape = {
  tariffComponent: requiredText(40),
  object: requiredText(40),
  allocationRef: requiredText(80),
  key: requiredText(40),
  from: requiredDate(),
  until: requiredDate(),
  quantity: optionalPattern(QUANTITY),
  unit: optionalText(20),
  energyCarrier: z
    .enum(ENERGY_CARRIER_CODES, { error: INVALID_FORMAT_MESSAGE })
    .nullable()
    .optional(),
  amountTransactionCurrency: requiredPattern(AMOUNT),
  apportionableAmount: requiredPattern(AMOUNT),
  deductibleAmount: optionalPattern(AMOUNT),
  amountNet: optionalPattern(AMOUNT),
  amountNetApportionable: optionalPattern(AMOUNT),
  note: optionalText(NOTE_MAX_LENGTH),
  /**
   * Why a landlord's CO2 line differs from the split the server computed (decision 032): kept in
   * the audit log, never stored on the line.
   */
  co2DeviationReason: optionalText(NOTE_MAX_LENGTH),
  /** Decision 036: the user confirmed a second line of the cost type for an overlapping period. */
  confirmSecondLine: z.boolean().optional(),
  /** Decision 036: the user confirmed a total of zero. */
  confirmZeroAmount: z.boolean().optional(),
}

interface ExpenseRuleInput extends ExpenseAmountFields {
  tariffComponent?: string | undefined
  quantity?: string | null | undefined
  from?: string | undefined
  until?: string | undefined
}

/**
 * Rules that need more than one field: §5 CO2 amounts negative, negative amounts only for credits,
 * from <= until, and the amounts' plausibility (parts not larger than their whole, same sign). A
 * change names only some fields: the server checks the stored line with the change applied as well.
 */
function checkExpenseRules(value: ExpenseRuleInput, context: z.RefinementCtx) {
  const withIssue = new Set<string>()
  for (const field of ['amountTransactionCurrency', 'apportionableAmount'] as const) {
    const message = co2AmountViolation(value.tariffComponent, value[field])
    if (message) {
      context.addIssue({ code: 'custom', message, path: [field] })
      withIssue.add(field)
    }
  }
  // the order only of two days that exist: an impossible or half-typed date has its own message
  if (
    value.from &&
    value.until &&
    isCalendarDate(value.from) &&
    isCalendarDate(value.until) &&
    value.from > value.until
  ) {
    context.addIssue({ code: 'custom', message: EXPENSE_PERIOD_ORDER_MESSAGE, path: ['until'] })
  }
  const fuel = fuelQuantityViolation(value)
  if (fuel) context.addIssue({ code: 'custom', message: fuel, path: ['quantity'] })
  // one message per field: the §5 rule first, then the sign of the cost type, then the parts
  for (const { field, message } of [
    ...negativeAmountViolations(value),
    ...expenseAmountViolations(value),
  ]) {
    if (withIssue.has(field)) continue
    context.addIssue({ code: 'custom', message, path: [field] })
    withIssue.add(field)
  }
}

/** A new expense line (§5: required fields, CO2 negative); the period check needs the server. */
export const ExpenseInputSchema = z.strictObject(expenseInputShape).superRefine(checkExpenseRules)
export type ExpenseInput = z.infer<typeof ExpenseInputSchema>
/** What a form holds before parsing. */
export type ExpenseInputDraft = z.input<typeof ExpenseInputSchema>

/** A change of an expense line: any input field, plus the version the change is based on. */
export const ExpenseUpdateSchema = z
  .strictObject({
    ...z.object(expenseInputShape).partial().shape,
    version: integerSchema({ min: 1 }, { typeMessage: REQUIRED_MESSAGE }),
  })
  .superRefine(checkExpenseRules)
export type ExpenseUpdate = z.infer<typeof ExpenseUpdateSchema>

export const OperatingCostsSummarySchema = z.object(
  wireShape(operatingCostsDistributions, [
    'operatingCostsDistribution',
    'connection',
    'from',
    'until',
    'operatingCostsDistributionStatus',
    'product',
    'productVersion',
    'version',
  ]),
)
export type OperatingCostsSummary = z.infer<typeof OperatingCostsSummarySchema>

export const OperatingCostsSchema = OperatingCostsSummarySchema.extend({
  ...wireShape(operatingCostsDistributions, ['companyCode', 'businessPartner']),
  operatingCostsHeatingExpense: z.array(ExpenseSchema),
  operatingCostsWorkingExpense: z.array(ExpenseSchema),
  /**
   * §4: the latest decline since the status last changed (when, by whom, why), or null; `name` is
   * the person's name (a deleted user's pseudonym stays), `userName` the account's.
   */
  lastDecline: z
    .object({ at: z.string(), userName: z.string(), name: z.string(), reason: z.string() })
    .nullable()
    .optional(),
})
export type OperatingCosts = z.infer<typeof OperatingCostsSchema>

/** §7: the two expense lists; `heating-expenses` and `working-expenses` in the paths. */
export const EXPENSE_TYPES = ['heating', 'working'] as const
export type ExpenseType = (typeof EXPENSE_TYPES)[number]
export const EXPENSE_LIST_FIELDS = {
  heating: 'operatingCostsHeatingExpense',
  working: 'operatingCostsWorkingExpense',
} as const satisfies Record<ExpenseType, string>

export const HeatingExpensesSchema = z.object({
  operatingCostsHeatingExpense: z.array(ExpenseSchema),
})
export const WorkingExpensesSchema = z.object({
  operatingCostsWorkingExpense: z.array(ExpenseSchema),
})

export const EntryFinalizationRequestSchema = z.strictObject({
  operatingCostsDistribution: z.string().min(1).max(40),
})
export type EntryFinalizationRequest = z.infer<typeof EntryFinalizationRequestSchema>

/** §7: a decision that declines (approved: false) names its reason. */
export function checkDeclineReason(
  value: { approved: boolean; reason?: string | undefined },
  context: z.RefinementCtx,
) {
  if (!value.approved && !value.reason) {
    context.addIssue({
      code: 'custom',
      message: DECLINE_REASON_REQUIRED_MESSAGE,
      path: ['reason'],
    })
  }
}

export const DistributionApprovalRequestSchema = z
  .strictObject({
    operatingCostsDistribution: z.string().min(1).max(40),
    approved: z.boolean(),
    reason: z.string().trim().max(2000, VALIDATION_MESSAGES.de.maxLength(2000)).optional(),
  })
  .superRefine(checkDeclineReason)
export type DistributionApprovalRequest = z.infer<typeof DistributionApprovalRequestSchema>

/** §7: the value-list tables: heating (h) and operating (b) costs. */
export const VALUE_LIST_TABLES = ['tb_uti_bkosten_h', 'tb_uti_bkosten_b'] as const
export type ValueListTable = (typeof VALUE_LIST_TABLES)[number]

export const ValueListRequestSchema = z.strictObject({
  table_name: z.enum(VALUE_LIST_TABLES),
  field_name: z.literal('SCHLUESSEL'),
  head_data: z.object({
    BKOSTEN: z.string().min(1).max(40),
    ANSCHLUSS: z.string().max(40).optional(),
    BUCHKREIS: z.string().max(40).optional(),
    PARTNER: z.string().max(40).nullable().optional(),
    PRODUKT: z.string().max(40).optional(),
    PRODVERSION: z.string().max(40).optional(),
    AB: IsoDateSchema.optional(),
    BIS: IsoDateSchema.optional(),
  }),
  line_data: z.object({
    TARIF: z.string().max(40).optional(),
    OBJECT: z.string().max(40).optional(),
  }),
})
export type ValueListRequest = z.infer<typeof ValueListRequestSchema>

export const ValueListEntrySchema = z.object({
  key: z.string(),
  obj: z.string(),
  name: z.string(),
  /** A cost type's key of table K of the bved exchange (decision 061), where it has one. */
  bvedCode: z.string().optional(),
})
export type ValueListEntry = z.infer<typeof ValueListEntrySchema>

export const ValueListAnswerSchema = z.object({
  data: z.object({ data: z.array(ValueListEntrySchema) }),
})
export type ValueListAnswer = z.infer<typeof ValueListAnswerSchema>

/** One cost line as it was approved or declined (decision 034): amounts as exact decimal strings. */
export const SnapshotLineSchema = z.object({
  kind: z.enum(['heating', 'working']),
  tariffComponent: z.string(),
  costType: z.string().nullable(),
  from: z.string().nullable(),
  until: z.string().nullable(),
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  amount: z.string(),
  apportionableAmount: z.string(),
})
export type SnapshotLine = z.infer<typeof SnapshotLineSchema>

/**
 * Exactly what a decision on a distribution or an invoice was about, stored with the decision's
 * audit entry and hashed (SHA-256 over its canonical JSON, RFC 8785).
 */
export const ApprovalSnapshotSchema = z.object({
  subject: z.enum(['distribution', 'invoice']),
  decision: z.enum(['approved', 'declined']),
  operatingCostsDistribution: z.string(),
  propertyConnection: z.string(),
  period: z.object({ from: z.string(), until: z.string() }),
  invoice: z
    .object({
      invoiceVoucher: z.string(),
      documentDate: z.string(),
      dueDate: z.string().nullable(),
      amount: z.string().nullable(),
      document: z.object({ fileName: z.string(), sha256: z.string() }).nullable(),
    })
    .nullable(),
  lines: z.array(SnapshotLineSchema),
  totals: z.array(
    z.object({ label: z.string(), amount: z.string(), apportionableAmount: z.string().nullable() }),
  ),
  reason: z.string().nullable(),
})
export type ApprovalSnapshot = z.infer<typeof ApprovalSnapshotSchema>

export const HistoryEntrySchema = z.object({
  at: z.string(),
  userName: z.string(),
  /** The person's name of `userName` (decision 044); a pseudonym or `provider` as it is. */
  name: z.string(),
  action: z.string(),
  entity: z.string(),
  entityKey: z.string(),
  detail: z.string().nullable(),
  /** The entry's place in the audit log's hash chain; null for older, unaudited declines. */
  sequence: z.number().int().nullable(),
  /** For a decision: what was decided, its hash and the hash of the chained audit entry. */
  receipt: z
    .object({ snapshot: ApprovalSnapshotSchema, snapshotHash: z.string(), entryHash: z.string() })
    .nullable(),
})
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>

export const HistorySchema = z.object({ items: z.array(HistoryEntrySchema) })
export type History = z.infer<typeof HistorySchema>

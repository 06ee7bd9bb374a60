import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import LockOutlined from '@mui/icons-material/LockOutlined'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import {
  ALLOCATION_KEYS,
  EXPENSE_OBJECT_TYPES,
  formatAmount,
  formatDate,
  formatDecimal,
  isProviderExpense,
  isVisibleExpense,
  label,
  SUPPLY_AREAS,
  type Expense,
} from '@portal/domain'
import { useIsFetching } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { actionsColumn } from '../../../components/data-table/columns'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { DescriptionList } from '../../../components/description-list'
import { LoadingText } from '../../../components/loading-text'
import { RowActionButton } from '../../../components/row-action-button'
import type { RelationNames } from '../api/relation-names'
import { costKeys } from '../api/operating-costs'
import '../locales'

const amount = (value: string | null) => (value === null ? '' : formatAmount(value))

/** Why a line has no buttons: in words where there is room, a lock named by them on a phone. */
function ReadOnlyNote({ text }: { text: string }) {
  return (
    <>
      <Typography
        variant="caption"
        sx={{
          color: 'text.secondary',
          display: { xs: 'none', sm: 'inline' },
          whiteSpace: 'normal',
        }}
      >
        {text}
      </Typography>
      <Box component="span" sx={{ display: { xs: 'inline-flex', sm: 'none' }, p: 0.5 }}>
        <LockOutlined fontSize="small" color="action" titleAccess={text} />
      </Box>
    </>
  )
}

/**
 * §3 CostsTable: the expense list, the §5-excluded tariff components never appear. The columns
 * are what a person checks a line by (cost type, note, allocation key, gross amount and what it is
 * allocated to) and its actions; the other catalogue fields open below the line. A phone shows
 * cost type, amount and actions; note, key and Bezug open below the line there (decision 045). A
 * line's related record shows by the name the value list gives it (`relationNames`): a contract's
 * tenant, a unit's reference and location addendum, a connection's name, a group's name. While the
 * value lists load, a name not known yet is a placeholder, never the code; one they do not know
 * shows as its key (docs/decisions/012).
 */
export function CostsTable({
  caption,
  expenses,
  costTypeNames,
  relationNames,
  editable,
  onEdit,
  onDelete,
  stateKey,
}: {
  caption: string
  expenses: Expense[]
  costTypeNames: Map<string, string>
  relationNames: RelationNames
  editable: boolean
  onEdit: (expense: Expense) => void
  onDelete: (expense: Expense) => void
  /** Keeps page, sort and search in the address under this key. */
  stateKey?: string
}) {
  const { t } = useTranslation()
  // the cost types come with the value lists of the distribution
  const namesLoading = useIsFetching({ queryKey: costKeys.valueLists }) > 0

  const knownName = (e: Expense) =>
    costTypeNames.get(e.tariffComponent) ??
    (isProviderExpense(e) ? t('costs.serviceFee.name') : undefined)
  const name = (e: Expense) => knownName(e) ?? (namesLoading ? '' : e.tariffComponent)
  const ariaName = (e: Expense) => knownName(e) ?? e.tariffComponent
  const hasRelation = (e: Expense): e is Expense & { object: string; allocationRef: string } =>
    Boolean(e.object && e.allocationRef && Object.hasOwn(EXPENSE_OBJECT_TYPES, e.object))
  /** '' while the name is loading. */
  const relation = (e: Expense) =>
    hasRelation(e) ? (relationNames.nameOf(e.object, e.allocationRef) ?? '') : ''
  const relationLoading = (e: Expense) =>
    hasRelation(e) && relationNames.nameOf(e.object, e.allocationRef) === null
  const objectType = (e: Expense) => label(EXPENSE_OBJECT_TYPES, e.object)

  const inDetail = { hidden: true, searchable: false, sortable: false } as const
  const detailColumns: DataTableColumn<Expense>[] = [
    { key: 'from', header: t('costs.column.AB'), exportAs: 'date', ...inDetail },
    { key: 'until', header: t('costs.column.BIS'), exportAs: 'date', ...inDetail },
    {
      key: 'quantity',
      header: t('costs.column.MENGE'),
      exportAs: 'decimal',
      // stored with three decimals (numeric(14,3)), shown as stored
      exportDigits: 3,
      ...inDetail,
    },
    { key: 'unit', header: t('costs.column.EINHEIT'), ...inDetail },
    {
      key: 'apportionableAmount',
      header: t('costs.column.BETRAG_U'),
      exportAs: 'decimal',
      ...inDetail,
    },
    { key: 'amountNet', header: t('costs.column.NETTO_T'), exportAs: 'decimal', ...inDetail },
    {
      key: 'amountNetApportionable',
      header: t('costs.column.NETTO_U'),
      exportAs: 'decimal',
      ...inDetail,
    },
    {
      key: 'supplyArea',
      header: t('costs.column.VERSBEREICH'),
      format: (e) => label(SUPPLY_AREAS, e.supplyArea),
      ...inDetail,
    },
  ]

  const columns: DataTableColumn<Expense>[] = [
    {
      key: 'tariffComponent',
      header: t('costs.column.NAME'),
      format: name,
      cell: (e) => (knownName(e) === undefined && namesLoading ? <LoadingText /> : name(e)),
      primary: true,
      phone: true,
    },
    { key: 'note', header: t('costs.column.BEMERKUNG'), format: (e) => e.note ?? '' },
    {
      key: 'key',
      header: t('costs.column.SCHLUESSEL'),
      format: (e) => label(ALLOCATION_KEYS, e.key),
    },
    {
      key: 'amountTransactionCurrency',
      header: t('costs.column.BETRAG_T'),
      format: (e) => amount(e.amountTransactionCurrency),
      exportAs: 'decimal',
      sortValue: (e) =>
        e.amountTransactionCurrency === null ? null : Number(e.amountTransactionCurrency),
      align: 'right',
      phone: true,
    },
    {
      key: 'relation',
      header: t('costs.column.BEZUG'),
      // by the name first: the type of record is the second line
      format: (e) => (hasRelation(e) ? `${relation(e)} (${objectType(e)})` : ''),
      cell: (e) =>
        hasRelation(e) ? (
          <>
            {relationLoading(e) ? <LoadingText /> : relation(e)}
            <Typography
              component="span"
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: 'block',
              }}
            >
              {objectType(e)}
            </Typography>
          </>
        ) : (
          ''
        ),
    },
    // what a line shows below itself: not columns, not searched, but exported (decision 030)
    ...detailColumns,
    ...(editable
      ? [
          actionsColumn('actions', t('costs.actions.column'), (e: Expense) =>
            isProviderExpense(e) ? (
              <ReadOnlyNote text={t('costs.serviceFee.readOnly')} />
            ) : (
              <>
                <RowActionButton
                  label={t('costs.actions.edit', { name: ariaName(e) })}
                  icon={EditIcon}
                  onClick={() => onEdit(e)}
                />
                <RowActionButton
                  label={t('costs.actions.delete', { name: ariaName(e) })}
                  icon={DeleteIcon}
                  onClick={() => onDelete(e)}
                />
              </>
            ),
          ),
        ]
      : []),
  ]

  const quantity = (e: Expense) =>
    e.quantity === null
      ? '–'
      : // as stored, to the last digit: a quantity of 10,125 m³ is not 10,13 m³
        [formatDecimal(e.quantity, (e.quantity.split('.')[1] ?? '').length), e.unit]
          .filter(Boolean)
          .join(' ')
  const orDash = (text: string) => text || '–'
  const detail = (e: Expense) => (
    <Box sx={{ py: 1 }}>
      <DescriptionList
        items={[
          { term: t('costs.column.AB'), description: orDash(formatDate(e.from)) },
          { term: t('costs.column.BIS'), description: orDash(formatDate(e.until)) },
          { term: t('costs.column.MENGE'), description: quantity(e) },
          { term: t('costs.column.BETRAG_U'), description: orDash(amount(e.apportionableAmount)) },
          { term: t('costs.column.NETTO_T'), description: orDash(amount(e.amountNet)) },
          {
            term: t('costs.column.NETTO_U'),
            description: orDash(amount(e.amountNetApportionable)),
          },
          {
            term: t('costs.column.VERSBEREICH'),
            description: orDash(label(SUPPLY_AREAS, e.supplyArea)),
          },
          { term: t('costs.column.OBJEKT'), description: orDash(objectType(e)) },
        ]}
      />
    </Box>
  )

  return (
    <DataTable
      caption={caption}
      exportName={caption}
      columns={columns}
      rows={expenses.filter(isVisibleExpense)}
      getRowId={(e) => e.guid}
      size="small"
      searchable
      stateKey={stateKey}
      renderDetail={detail}
    />
  )
}

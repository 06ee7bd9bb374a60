import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import {
  formatAmount,
  formatDate,
  formatDecimal,
  isProviderExpense,
  isVisibleExpense,
  label,
  SUPPLY_AREAS,
  type Expense,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { relationKey } from '../api/relation-names'

const amount = (value: string | null) => (value === null ? '' : formatAmount(value))

/**
 * §3 CostsTable: the catalogue columns of one expense list; the §5-excluded tariff components
 * never appear. A line's related record shows in the column of its object type, by the name the
 * value list gives it (`relationNames`, keyed by `relationKey`): a contract's tenant, a unit's
 * reference and location addendum, a connection's name, a group's name; its key until known.
 */
export function CostsTable({
  caption,
  expenses,
  costTypeNames,
  relationNames,
  editable,
  onEdit,
  onDelete,
}: {
  caption: string
  expenses: Expense[]
  costTypeNames: Map<string, string>
  relationNames: Map<string, string>
  editable: boolean
  onEdit: (expense: Expense) => void
  onDelete: (expense: Expense) => void
}) {
  const { t } = useTranslation()
  const name = (e: Expense) =>
    costTypeNames.get(e.tariffComponent) ??
    (isProviderExpense(e) ? t('costs.serviceFee.name') : e.tariffComponent)
  const relation = (e: Expense, objects: string[]) => {
    if (!e.object || !e.allocationRef || !objects.includes(e.object)) return ''
    return relationNames.get(relationKey(e.object, e.allocationRef)) ?? e.allocationRef
  }
  const columns: DataTableColumn<Expense>[] = [
    { key: 'tariffComponent', header: t('costs.column.NAME'), format: name, primary: true },
    {
      key: 'from',
      header: t('costs.column.AB'),
      format: (e) => formatDate(e.from),
      sortValue: (e) => e.from,
    },
    {
      key: 'until',
      header: t('costs.column.BIS'),
      format: (e) => formatDate(e.until),
      sortValue: (e) => e.until,
    },
    {
      key: 'quantity',
      header: t('costs.column.MENGE'),
      // as stored, to the last digit: a quantity of 10,125 m³ is not 10,13 m³
      format: (e) =>
        e.quantity === null
          ? ''
          : formatDecimal(e.quantity, (e.quantity.split('.')[1] ?? '').length),
      sortValue: (e) => (e.quantity === null ? null : Number(e.quantity)),
      align: 'right',
    },
    { key: 'unit', header: t('costs.column.EINHEIT'), format: (e) => e.unit ?? '' },
    ...(
      [
        ['amountTransactionCurrency', 'BETRAG_T'],
        ['apportionableAmount', 'BETRAG_U'],
        ['amountNet', 'NETTO_T'],
        ['amountNetApportionable', 'NETTO_U'],
      ] as const
    ).map(([field, code]) => ({
      key: field,
      header: t(`costs.column.${code}`),
      format: (e: Expense) => amount(e[field]),
      sortValue: (e: Expense) => (e[field] === null ? null : Number(e[field])),
      align: 'right' as const,
    })),
    { key: 'note', header: t('costs.column.BEMERKUNG'), format: (e) => e.note ?? '' },
    { key: 'contract', header: t('costs.column.VERTRAG'), format: (e) => relation(e, ['VERTRAG']) },
    {
      key: 'pointOfDelivery',
      header: t('costs.column.VSTELLE'),
      format: (e) => relation(e, ['VSTELLE', 'NUTZUNGSEINHEIT']),
    },
    {
      key: 'connection',
      header: t('costs.column.ANSCHLUSS'),
      format: (e) => relation(e, ['ANSCHLUSS']),
    },
    {
      key: 'group',
      header: t('costs.column.NUTZGRUPPE'),
      format: (e) => relation(e, ['NUTZGRUPPE', 'NUTZERGRUPPE']),
    },
    {
      key: 'supplyArea',
      header: t('costs.column.VERSBEREICH'),
      format: (e) => label(SUPPLY_AREAS, e.supplyArea),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            header: t('costs.actions.column'),
            sortable: false,
            searchable: false,
            cell: (e: Expense) =>
              isProviderExpense(e) ? (
                <Typography variant="caption" color="text.secondary">
                  {t('costs.serviceFee.readOnly')}
                </Typography>
              ) : (
                <>
                  <IconButton
                    size="small"
                    aria-label={t('costs.actions.edit', { name: name(e) })}
                    onClick={() => onEdit(e)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('costs.actions.delete', { name: name(e) })}
                    onClick={() => onDelete(e)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              ),
          },
        ]
      : []),
  ]
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={expenses.filter(isVisibleExpense)}
      getRowId={(e) => e.guid}
      size="small"
      searchable
    />
  )
}

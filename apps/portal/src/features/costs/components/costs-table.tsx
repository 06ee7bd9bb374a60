import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import IconButton from '@mui/material/IconButton'
import {
  formatAmount,
  formatDate,
  formatDecimal,
  isUserDeletableExpense,
  isVisibleExpense,
  label,
  SUPPLY_AREAS,
  type Expense,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'

const amount = (value: string | null) => (value === null ? '' : formatAmount(value))

/** The related object of a line, shown in the relation column of its object type. */
const relationOf = (expense: Expense, objects: string[]) =>
  expense.object && objects.includes(expense.object) ? (expense.allocationRef ?? '') : ''

/**
 * §3 CostsTable: the catalogue columns of one expense list; the §5-excluded tariff components
 * never appear. Relations show the readable reference of the related object.
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
  const name = (e: Expense) => costTypeNames.get(e.tariffComponent) ?? e.tariffComponent
  const relation = (e: Expense, objects: string[]) => {
    const ref = relationOf(e, objects)
    return relationNames.get(ref) ?? ref
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
      format: (e) => (e.quantity === null ? '' : formatDecimal(e.quantity, 2)),
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
            cell: (e: Expense) => (
              <>
                <IconButton
                  size="small"
                  aria-label={t('costs.actions.edit', { name: name(e) })}
                  onClick={() => onEdit(e)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
                {isUserDeletableExpense(e) && (
                  <IconButton
                    size="small"
                    aria-label={t('costs.actions.delete', { name: name(e) })}
                    onClick={() => onDelete(e)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
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

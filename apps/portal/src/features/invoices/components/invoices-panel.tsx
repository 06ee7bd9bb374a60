import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import { ERROR, formatAmount, formatDate, type Voucher } from '@portal/domain'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { DownloadButton } from '../../../components/download-button'
import { DescriptionList } from '../../../components/description-list'
import { ErrorNotice } from '../../../components/error-notice'
import { PanelState } from '../../../components/panel-state'
import { useInvoices, useVoucher, type InvoiceRow } from '../api/invoices'

const VOUCHER_FIELDS: (keyof Voucher)[] = [
  'voucherNr',
  'voucherDate',
  'dueDate',
  'contract',
  'contractAccount',
  'position',
  'pointsOfDeliveryReference',
  'locationAddendum',
  'utilisationUnit',
  'contractExternalNumber',
  'name1',
  'name2',
]

function VoucherDialog({ voucherNr, onClose }: { voucherNr: string; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const vouchers = useVoucher(voucherNr)
  const show = (field: keyof Voucher, voucher: Voucher) => {
    const value = voucher[field]
    if (value === null) return '–'
    return field.endsWith('Date') ? formatDate(String(value)) : String(value)
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('invoices.detailsTitle', { number: voucherNr })}</DialogTitle>
      <DialogContent>
        <PanelState
          loading={vouchers.isPending}
          error={vouchers.error}
          empty={!vouchers.data?.length}
        >
          {vouchers.data?.map((voucher) => (
            <DescriptionList
              key={voucher.position}
              items={[
                ...VOUCHER_FIELDS.map((field) => ({
                  term: t(`vouchers.field.${field}`),
                  description: show(field, voucher),
                })),
                {
                  term: t('contracts.column.BRUTTO'),
                  description: voucher.amount ? formatAmount(voucher.amount) : '–',
                },
              ]}
            />
          ))}
        </PanelState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

/** §2 Invoices of a distribution with their PDF and voucher details (error 124). */
export function InvoicesPanel({ distribution }: { distribution: string }) {
  const { t } = useTranslation()
  const invoices = useInvoices(distribution)
  const [details, setDetails] = useState<string | null>(null)
  const columns: DataTableColumn<InvoiceRow>[] = [
    {
      key: 'voucherNumber',
      header: t('invoices.column.BELEGNR'),
      format: (r) =>
        r.isCorrespondence
          ? `${r.voucherNumber} (${t('invoices.correspondence')})`
          : r.voucherNumber,
      primary: true,
    },
    { key: 'contract', header: t('invoices.column.VERTRAG'), format: (r) => r.contract ?? '' },
    {
      key: 'from',
      header: t('invoices.column.AB'),
      format: (r) => formatDate(r.from),
      sortValue: (r) => r.from,
    },
    {
      key: 'until',
      header: t('invoices.column.BIS'),
      format: (r) => formatDate(r.until),
      sortValue: (r) => r.until,
    },
    {
      key: 'documentDate',
      header: t('invoices.column.BELEGDATUM'),
      format: (r) => formatDate(r.documentDate),
      sortValue: (r) => r.documentDate,
    },
    {
      key: 'dueDate',
      header: t('invoices.column.FAELLIGDATUM'),
      format: (r) => formatDate(r.dueDate),
      sortValue: (r) => r.dueDate,
    },
    { key: 'name', header: t('invoices.column.name') },
    { key: 'usageUnit', header: t('invoices.column.usageUnit') },
    {
      key: 'attachment',
      header: t('invoices.column.ATTACHMENT'),
      sortable: false,
      searchable: false,
      cell: (r) => (
        <>
          {r.attachment ? (
            <DownloadButton
              attachment={r.attachment}
              fileName={`${r.voucherNumber}.pdf`}
              label={t('invoices.download', { number: r.voucherNumber })}
              errorCode={ERROR.invoices}
            />
          ) : (
            t('invoices.noDocument')
          )}
          {!r.isCorrespondence && (
            <IconButton
              size="small"
              aria-label={t('invoices.details', { number: r.voucherNumber })}
              onClick={() => setDetails(r.voucherNumber)}
            >
              <InfoOutlined fontSize="small" />
            </IconButton>
          )}
        </>
      ),
    },
  ]
  if (invoices.isError) return <ErrorNotice error={invoices.error} />
  return (
    <>
      <DataTable
        caption={t('invoices.caption')}
        columns={columns}
        rows={invoices.data ?? []}
        loading={invoices.isPending}
        getRowId={(r) => r.id}
        size="small"
      />
      {details && <VoucherDialog voucherNr={details} onClose={() => setDetails(null)} />}
    </>
  )
}

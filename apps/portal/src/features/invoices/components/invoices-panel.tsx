import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import {
  canDecideInvoice,
  canDecideInvoicesOf,
  contractName,
  ERROR,
  formatAmount,
  formatDate,
  type Voucher,
} from '@portal/domain'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { actionsColumn, dateColumn } from '../../../components/data-table/columns'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { DeclineDialog } from '../../../components/decline-dialog'
import { DownloadButton } from '../../../components/download-button'
import { DescriptionList } from '../../../components/description-list'
import { ErrorNotice } from '../../../components/error-notice'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { PanelState } from '../../../components/panel-state'
import { RowActionButton } from '../../../components/row-action-button'
import { visuallyHidden } from '../../../components/visually-hidden'
import { useDecideInvoice } from '../api/invoice-approval'
import { useInvoices, useVoucher, type InvoiceRow } from '../api/invoices'
import '../locales'

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
          {/* a voucher of several positions: a line between them */}
          <Stack spacing={2} sx={{ '& > * + *': { borderTop: 1, borderColor: 'divider', pt: 2 } }}>
            {vouchers.data?.map((voucher) => (
              <DescriptionList
                key={voucher.position}
                items={[
                  ...VOUCHER_FIELDS.map((field) => ({
                    term: t(`vouchers.field.${field}`),
                    description: show(field, voucher),
                  })),
                  // one person or company: first and last name, or name and legal form, together
                  { term: t('vouchers.field.name'), description: contractName(voucher) || '–' },
                  {
                    term: t('contracts.column.BRUTTO'),
                    description: voucher.amount ? formatAmount(voucher.amount) : '–',
                  },
                ]}
              />
            ))}
          </Stack>
        </PanelState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

/**
 * §2 Invoices of a distribution with their PDF and voucher details (error 124), and §4 each
 * invoice's decision: approve or decline it with a reason while the distribution is released or
 * approved (decision 013). A dialog closes only when its request succeeded; a failure stays in the
 * dialog with what was typed.
 */
export function InvoicesPanel({
  distribution,
  distributionStatus,
}: {
  distribution: string
  distributionStatus: string
}) {
  const { t } = useTranslation()
  const invoices = useInvoices(distribution)
  const [details, setDetails] = useState<string | null>(null)
  const decide = useDecideInvoice(distribution)
  const [open, setOpen] = useState<'approve' | 'decline' | null>(null)
  // kept while the dialog closes, so that its title does not change during the transition
  const [deciding, setDeciding] = useState<InvoiceRow | null>(null)
  const number = deciding?.voucherNumber ?? ''

  const show = (dialog: 'approve' | 'decline', row: InvoiceRow) => {
    decide.reset()
    setDeciding(row)
    setOpen(dialog)
  }
  const close = () => setOpen(null)
  // the error stays in the mutation's state and is shown in the dialog
  const untilSuccess = (request: Promise<unknown>) => request.then(close, () => undefined)
  const onApprove = () =>
    deciding
      ? untilSuccess(decide.mutateAsync({ invoice: deciding.id, approved: true }))
      : undefined
  const onDecline = (reason: string) =>
    deciding
      ? decide.mutateAsync({ invoice: deciding.id, approved: false, reason })
      : Promise.resolve()

  const approvalText = (row: InvoiceRow) => {
    if (row.isCorrespondence) return ''
    const approval = row.approval
    if (!approval) return t('invoices.approval.pending')
    const values = { date: formatDate(approval.at), user: approval.name, reason: approval.reason }
    return approval.status === 'approved'
      ? t('invoices.approval.approved', values)
      : t('invoices.approval.declined', values)
  }
  const decidable = (row: InvoiceRow) =>
    !row.isCorrespondence &&
    canDecideInvoicesOf(distributionStatus) &&
    canDecideInvoice(row.approval?.status)

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
    { key: 'name', header: t('invoices.column.name') },
    { key: 'usageUnit', header: t('invoices.column.usageUnit') },
    {
      // from and until in one column: two date columns left too little room for the decision
      key: 'period',
      header: t('invoices.column.period'),
      format: (r) =>
        r.from || r.until ? `${formatDate(r.from)} – ${formatDate(r.until)}`.trim() : '',
      sortValue: (r) => r.from,
    },
    dateColumn('documentDate', t('invoices.column.BELEGDATUM')),
    dateColumn('dueDate', t('invoices.column.FAELLIGDATUM')),
    {
      // the decision and, where one can still be taken, the buttons for it: one column, so that
      // the table stays as narrow as it can
      key: 'approval',
      header: t('invoices.column.approval'),
      format: approvalText,
      cell: (r) => (
        <Stack
          spacing={0.5}
          sx={{
            alignItems: 'flex-start',
          }}
        >
          <span>{approvalText(r)}</span>
          {decidable(r) && (
            <Stack direction="row" spacing={1}>
              {(['approve', 'decline'] as const).map((decision) => (
                <Button
                  key={decision}
                  size="small"
                  variant="outlined"
                  disabled={decide.isPending}
                  aria-label={t(`invoices.${decision}.label`, { number: r.voucherNumber })}
                  onClick={() => show(decision, r)}
                >
                  {t(`costs.actions.${decision}`)}
                </Button>
              ))}
            </Stack>
          )}
        </Stack>
      ),
    },
    actionsColumn('attachment', t('invoices.column.ATTACHMENT'), (r) => (
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
          <RowActionButton
            label={t('invoices.details', { number: r.voucherNumber })}
            icon={InfoOutlined}
            onClick={() => setDetails(r.voucherNumber)}
          />
        )}
      </>
    )),
    // searched, and shown in the voucher details
    {
      key: 'contract',
      header: t('invoices.column.VERTRAG'),
      format: (r) => r.contract ?? '',
      hidden: true,
    },
  ]
  if (invoices.isError) return <ErrorNotice error={invoices.error} />
  return (
    <>
      <DataTable
        caption={t('invoices.caption')}
        exportName={t('invoices.exportName', 'Rechnungen')}
        columns={columns}
        rows={invoices.data ?? []}
        loading={invoices.isPending}
        getRowId={(r) => r.id}
        size="small"
        stateKey="invoices"
      />
      {details && <VoucherDialog voucherNr={details} onClose={() => setDetails(null)} />}
      {/* always there, so that screen readers announce the message when it arrives */}
      <Box role="status" sx={{ mt: 2, '&:empty': visuallyHidden }}>
        {decide.data && (
          <Alert severity="success" role="none">
            {decide.data.successMessage}
          </Alert>
        )}
      </Box>
      <ConfirmDialog
        open={open === 'approve'}
        title={t('invoices.approve.title', { number })}
        text={t('invoices.approve.text', { number })}
        confirmLabel={t('invoices.approve.confirm')}
        pending={decide.isPending}
        onConfirm={onApprove}
        onClose={close}
      >
        <MutationOutcome error={decide.error} />
      </ConfirmDialog>
      <DeclineDialog
        open={open === 'decline'}
        title={t('invoices.decline.title', { number })}
        text={t('invoices.decline.text')}
        reasonLabel={t('invoices.decline.reason')}
        confirmLabel={t('invoices.decline.confirm')}
        pending={decide.isPending}
        error={decide.error}
        onDecline={onDecline}
        onClose={close}
      />
    </>
  )
}

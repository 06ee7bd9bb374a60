import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import type { OperatingCosts } from '@portal/domain'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { DeclineDialog } from '../../../components/decline-dialog'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { visuallyHidden } from '../../../components/visually-hidden'
import { useApproveDistribution, useFinalizeEntry } from '../api/operating-costs'
import { EntryTotals } from './entry-totals'
import '../locales'

type Open = 'finalize' | 'approve' | 'decline' | null

/**
 * §4 workflow: 'Kosten erfasst' while the distribution is open; approve or decline (with a reason)
 * once it is released. The server refuses every other transition. A dialog closes only when its
 * request succeeded; a failure stays in the dialog with what was typed.
 */
export function WorkflowActions({
  costs,
  confirmationNotes,
}: {
  costs: OperatingCosts
  /** Shown in the "Kosten erfasst" confirmation below the sums (decision 031: the previous year). */
  confirmationNotes?: ReactNode
}) {
  const { t } = useTranslation()
  const id = costs.operatingCostsDistribution
  const status = costs.operatingCostsDistributionStatus
  const finalize = useFinalizeEntry(id)
  const approval = useApproveDistribution(id)
  const [open, setOpen] = useState<Open>(null)
  const pending = finalize.isPending || approval.isPending
  const outcome = finalize.data?.successMessage ?? approval.data?.successMessage

  const show = (dialog: Open) => {
    finalize.reset()
    approval.reset()
    setOpen(dialog)
  }
  const close = () => setOpen(null)
  // the error stays in the mutation's state and is shown in the dialog
  const untilSuccess = (request: Promise<unknown>) => request.then(close, () => undefined)
  /** The confirmation of a step: its texts, what it shows above the step's error, and the request. */
  const confirmation = (
    step: 'finalize' | 'approve',
    mutation: { isPending: boolean; error: Error | null },
    send: () => Promise<unknown>,
    shown?: ReactNode,
  ) => (
    <ConfirmDialog
      open={open === step}
      title={t(`costs.${step}.title`)}
      text={t(`costs.${step}.text`)}
      confirmLabel={t(`costs.${step}.confirm`)}
      pending={mutation.isPending}
      onConfirm={() => untilSuccess(send())}
      onClose={close}
    >
      {shown}
      <MutationOutcome error={mutation.error} />
    </ConfirmDialog>
  )

  return (
    <>
      {status === 'O' && (
        <Button
          variant="contained"
          color="secondary"
          disabled={pending}
          onClick={() => show('finalize')}
        >
          {t('costs.actions.finalize')}
        </Button>
      )}
      {status === 'F' && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={pending} onClick={() => show('approve')}>
            {t('costs.actions.approve')}
          </Button>
          <Button variant="outlined" disabled={pending} onClick={() => show('decline')}>
            {t('costs.actions.decline')}
          </Button>
        </Stack>
      )}
      {/* always there, so that screen readers announce the message when it arrives */}
      <Box role="status" sx={{ width: '100%', '&:empty': visuallyHidden }}>
        {outcome && (
          <Alert severity="success" role="none">
            {outcome}
          </Alert>
        )}
      </Box>
      {confirmation(
        'finalize',
        finalize,
        () => finalize.mutateAsync(),
        <>
          <EntryTotals costs={costs} />
          {confirmationNotes}
        </>,
      )}
      {confirmation('approve', approval, () => approval.mutateAsync({ approved: true }))}
      <DeclineDialog
        open={open === 'decline'}
        title={t('costs.decline.title')}
        text={t('costs.decline.text')}
        reasonLabel={t('costs.decline.reason')}
        confirmLabel={t('costs.decline.confirm')}
        pending={approval.isPending}
        error={approval.error}
        onDecline={(reason) => approval.mutateAsync({ approved: false, reason })}
        onClose={close}
      />
    </>
  )
}

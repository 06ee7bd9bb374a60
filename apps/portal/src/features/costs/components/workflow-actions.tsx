import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import type { OperatingCosts } from '@portal/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useApproveDistribution, useFinalizeEntry } from '../api/operating-costs'

type Open = 'finalize' | 'approve' | 'decline' | null

/**
 * §4 workflow: 'Kosten erfasst' while the distribution is open; approve or decline (with a reason)
 * once it is released. The server refuses every other transition.
 */
export function WorkflowActions({ costs }: { costs: OperatingCosts }) {
  const { t } = useTranslation()
  const id = costs.operatingCostsDistribution
  const status = costs.operatingCostsDistributionStatus
  const finalize = useFinalizeEntry(id)
  const approval = useApproveDistribution(id)
  const [open, setOpen] = useState<Open>(null)
  const [reason, setReason] = useState('')
  const close = () => setOpen(null)
  const outcome = finalize.data?.successMessage ?? approval.data?.successMessage
  return (
    <>
      {status === 'O' && (
        <Button variant="contained" color="secondary" onClick={() => setOpen('finalize')}>
          {t('costs.actions.finalize')}
        </Button>
      )}
      {status === 'F' && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => setOpen('approve')}>
            {t('costs.actions.approve')}
          </Button>
          <Button variant="outlined" onClick={() => setOpen('decline')}>
            {t('costs.actions.decline')}
          </Button>
        </Stack>
      )}
      {outcome && (
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {outcome}
        </Alert>
      )}
      <MutationOutcome error={finalize.error ?? approval.error} />
      <ConfirmDialog
        open={open === 'finalize'}
        title={t('costs.finalize.title')}
        text={t('costs.finalize.text')}
        confirmLabel={t('costs.finalize.confirm')}
        pending={finalize.isPending}
        onConfirm={() => finalize.mutate(undefined, { onSettled: close })}
        onClose={close}
      />
      <ConfirmDialog
        open={open === 'approve'}
        title={t('costs.approve.title')}
        text={t('costs.approve.text')}
        confirmLabel={t('costs.approve.confirm')}
        pending={approval.isPending}
        onConfirm={() => approval.mutate({ approved: true }, { onSettled: close })}
        onClose={close}
      />
      <ConfirmDialog
        open={open === 'decline'}
        title={t('costs.decline.title')}
        text={t('costs.decline.text')}
        confirmLabel={t('costs.decline.confirm')}
        pending={approval.isPending}
        onConfirm={() =>
          approval.mutate({ approved: false, reason: reason.trim() }, { onSettled: close })
        }
        onClose={close}
      >
        <TextField
          label={t('costs.decline.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 2 }}
        />
      </ConfirmDialog>
    </>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import Stack from '@mui/material/Stack'
import { DECLINE_REASON_REQUIRED_MESSAGE, DistributionApprovalRequestSchema } from '@portal/domain'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useServerFieldErrors } from '../lib/form-errors'
import { ConfirmDialog } from './confirm-dialog'
import { Field } from './kit/field'
import { MutationOutcome } from './mutation-outcome'

/**
 * §4: a decline needs a reason; the request's own rules for it (trimmed, at most 2000 characters),
 * the same for a distribution and an invoice.
 */
const DeclineSchema = z.object({
  reason: DistributionApprovalRequestSchema.shape.reason
    .unwrap()
    .min(1, DECLINE_REASON_REQUIRED_MESSAGE),
})
type Decline = z.infer<typeof DeclineSchema>
const DECLINE_FIELDS = ['reason'] as const

export type DeclineDialogProps = {
  open: boolean
  title: string
  text: string
  reasonLabel: string
  confirmLabel: string
  pending: boolean
  /** The decline request's error: the server's message about the reason goes to the field. */
  error: unknown
  /** Sends the decline; the dialog closes when the promise is fulfilled and stays when it fails. */
  onDecline: (reason: string) => Promise<unknown>
  onClose: () => void
}

/**
 * §4 decline of a distribution or an invoice: the question, the reason (required) and what the
 * request came to. A failure stays in the dialog with what was typed; every opening starts empty.
 */
export function DeclineDialog(props: DeclineDialogProps) {
  // a new form for every opening, so that a reason typed and cancelled does not come back
  const [openings, setOpenings] = useState(0)
  const [wasOpen, setWasOpen] = useState(props.open)
  if (props.open !== wasOpen) {
    setWasOpen(props.open)
    if (props.open) setOpenings((n) => n + 1)
  }
  return <DeclineForm key={openings} {...props} />
}

function DeclineForm({
  open,
  title,
  text,
  reasonLabel,
  confirmLabel,
  pending,
  error,
  onDecline,
  onClose,
}: DeclineDialogProps) {
  const form = useForm<Decline>({
    resolver: zodResolver(DeclineSchema),
    defaultValues: { reason: '' },
  })
  const notice = useServerFieldErrors(error, form.setError, DECLINE_FIELDS)
  const message = form.formState.errors.reason?.message
  // the error stays in the request's state and shows in the dialog
  const submit = form.handleSubmit(({ reason }) => onDecline(reason).then(onClose, () => undefined))
  return (
    <ConfirmDialog
      open={open}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      pending={pending}
      onConfirm={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Field
          {...form.register('reason')}
          label={reasonLabel}
          required
          minRows={3}
          error={Boolean(message)}
          helperText={message}
        />
        <MutationOutcome error={notice} />
      </Stack>
    </ConfirmDialog>
  )
}

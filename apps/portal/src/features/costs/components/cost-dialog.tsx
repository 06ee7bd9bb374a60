import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { MutationOutcome } from '../../../components/mutation-outcome'
import '../locales'

/** What is asked before saving (decision 036), and the save once the user confirmed. */
export type SaveQuestion = { texts: string[]; send: () => void }

/**
 * A dialog that saves cost lines: its title, the form, what the save came to, the buttons cancel
 * and save (submitting the form `form`), and the question asked before saving while there is one.
 * It cannot be closed while the save runs.
 */
export function CostDialog({
  title,
  form,
  saveLabel,
  pending,
  error,
  onClose,
  question,
  words,
  onDismissQuestion,
  children,
}: {
  title: string
  form: string
  saveLabel: string
  pending: boolean
  /** The save's error that no field of the form shows. */
  error: unknown
  onClose: () => void
  question: SaveQuestion | null
  /** Where the dialog's texts are: the question's title and its confirm button. */
  words: 'costs.entry' | 'costs.takeOver'
  onDismissQuestion: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <MutationOutcome error={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form={form} variant="contained" loading={pending}>
          {saveLabel}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={question !== null}
        title={t(`${words}.confirmTitle`)}
        text={question?.texts.join(' ') ?? ''}
        confirmLabel={t(`${words}.confirmSave`)}
        pending={pending}
        onConfirm={() => question?.send()}
        onClose={onDismissQuestion}
      />
    </Dialog>
  )
}

import Button from '@mui/material/Button'
import DialogActions from '@mui/material/DialogActions'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'

/** What is asked before saving (decision 036), and the save once the user confirmed. */
export type SaveQuestion = { texts: string[]; send: () => void }

/**
 * A cost dialog's buttons, cancel and save (submitting the form `form`), and the question asked
 * before saving while there is one.
 */
export function SaveActions({
  form,
  saveLabel,
  pending,
  onClose,
  question,
  questionTitle,
  questionConfirmLabel,
  onDismissQuestion,
}: {
  form: string
  saveLabel: string
  pending: boolean
  onClose: () => void
  question: SaveQuestion | null
  questionTitle: string
  questionConfirmLabel: string
  onDismissQuestion: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
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
        title={questionTitle}
        text={question?.texts.join(' ') ?? ''}
        confirmLabel={questionConfirmLabel}
        pending={pending}
        onConfirm={() => question?.send()}
        onClose={onDismissQuestion}
      />
    </>
  )
}

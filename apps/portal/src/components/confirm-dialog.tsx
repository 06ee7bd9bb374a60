import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A question before an action that cannot be taken back; the action runs only on confirm. While it
 * runs (`pending`, or the promise `onConfirm` returned) the buttons are disabled, the dialog stays
 * open and a second confirm is ignored: a double click sends once.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  onClose,
  onExited,
  children,
}: {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  /** The button that closes the dialog without the action; "Abbrechen" unless named. */
  cancelLabel?: string
  pending?: boolean
  onConfirm: () => unknown
  onClose: () => void
  /**
   * Called once the dialog has closed, instead of returning the focus to the control that opened
   * it: for a caller that moves the focus itself (that control may be gone).
   */
  onExited?: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const textId = useId()
  // the button is disabled only after the next render; this guards the clicks before it
  const running = useRef(false)
  const confirm = () => {
    if (pending || running.current) return
    const result = onConfirm()
    if (!(result instanceof Promise)) return
    running.current = true
    const release = () => {
      running.current = false
    }
    void result.then(release, release)
  }
  const close = () => {
    if (!pending && !running.current) onClose()
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      disableRestoreFocus={onExited !== undefined}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

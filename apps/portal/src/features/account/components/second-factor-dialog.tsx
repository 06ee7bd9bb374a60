import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../../components/error-notice'
import { useLeaveGuard } from '../../../components/leave-guard'
import type { KitFormProps, SecondFactorKit } from '../../../components/second-factor/kit'
import { KitField, KitPasswordField } from '../../../components/second-factor/kit-fields'
import { RecoveryCodes } from '../../../components/second-factor/recovery-codes'
import { getUser } from '../../../lib/session'

/**
 * The form's fields in the dialog's content, "Abbrechen" and its button among its actions; while
 * anything is typed, leaving the page asks first (decision 045).
 */
function DialogForm({
  label,
  submitLabel,
  pending,
  changed,
  onSubmit,
  onCancel,
  children,
}: KitFormProps) {
  const { t } = useTranslation()
  useLeaveGuard(changed)
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      sx={{ display: 'contents' }}
    >
      {/* right below the title, as MUI spaces a content that follows its title directly */}
      <DialogContent sx={{ pt: 0 }}>
        <div className="auth-stack">{children}</div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  )
}

/** The second factor's shared steps in an MUI dialog, with the kit's fields (decision 048). */
export const DIALOG_KIT: SecondFactorKit = {
  Form: DialogForm,
  Field: KitField,
  PasswordField: KitPasswordField,
  Outcome: ErrorNotice,
}

/**
 * A dialog of the second factor on the account page: named by its title, described by the text
 * its content gives the id of. While a request runs it cannot be closed. Its content mounts with
 * every opening and goes once it has faded out, so each opening starts empty, and each step puts
 * the focus on its first field as it appears, never later (decision 049: a focus moved when the
 * fade-in ended took it from the field being typed in).
 */
export function SecondFactorDialog({
  open,
  title,
  pending,
  restoreFocus = true,
  onClose,
  onExited,
  children,
}: {
  open: boolean
  title: string
  pending: boolean
  /** False when the control that opened it is gone once it closes. */
  restoreFocus?: boolean
  onClose: () => void
  /** After the dialog has faded out: the requests' state is forgotten then, not before. */
  onExited: () => void
  children: (ids: { text: string }) => ReactNode
}) {
  const titleId = useId()
  const textId = useId()
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onClose()
      }}
      aria-labelledby={titleId}
      aria-describedby={textId}
      disableRestoreFocus={!restoreFocus}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children({ text: textId })}
    </Dialog>
  )
}

/** The recovery codes a dialog made, shown once: its text takes the focus as they appear. */
export function CodesShown({
  textId,
  text,
  codes,
  onClose,
}: {
  textId: string
  text: string
  codes: string[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const intro = useRef<HTMLParagraphElement>(null)
  useEffect(() => intro.current?.focus(), [])
  return (
    <>
      <DialogContent id={textId}>
        <div className="auth-stack">
          <DialogContentText ref={intro} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
            {text}
          </DialogContentText>
          <RecoveryCodes codes={codes} userName={getUser()?.userName ?? ''} />
        </div>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </>
  )
}

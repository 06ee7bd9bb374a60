import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { asTyped, trimmed, useSendForm } from '../../../components/second-factor/send-form'
import {
  useCreateConsumptionCredential,
  type CreatedConsumptionCredential,
  type NewConsumptionCredential,
} from '../api/consumption-credentials'
import { CopyField } from './copy-field'
import { DIALOG_KIT } from './second-factor-dialog'
import '../locales'

const { Form, Field, PasswordField, Outcome } = DIALOG_KIT

/**
 * "Zugang anlegen" (decision 062): a name and the current password, then the credential's user
 * name and password, shown this once. Built like the second factor's dialogs: the content mounts
 * with every opening, so each starts empty; the server's message about a field stands at it; while
 * the request runs the dialog cannot be closed. Closing it hands the focus back to the button that
 * opened it (MUI's own return of the focus).
 */
export function ConsumptionCredentialDialog({
  open,
  address,
  onClose,
}: {
  open: boolean
  /** The service's address, to set up in the software together with the credential. */
  address: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const create = useCreateConsumptionCredential()
  const created = create.data
  const titleId = useId()
  const textId = useId()
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (create.isPending) return
        // the password is in this dialog only: a click beside it must not lose it
        if (created && reason === 'backdropClick') return
        onClose()
      }}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ transition: { onExited: () => create.reset() } }}
    >
      <DialogTitle id={titleId}>
        {created
          ? t('account.consumptionAccess.createdTitle')
          : t('account.consumptionAccess.create')}
      </DialogTitle>
      {created ? (
        <CredentialShown textId={textId} address={address} created={created} onClose={onClose} />
      ) : (
        <CreateForm textId={textId} send={create.mutateAsync} onCancel={onClose} />
      )}
    </Dialog>
  )
}

function CreateForm({
  textId,
  send,
  onCancel,
}: {
  textId: string
  send: (input: NewConsumptionCredential) => Promise<unknown>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const form = useSendForm({ fields: { name: trimmed, currentPassword: asTyped }, send })
  const title = t('account.consumptionAccess.create')
  return (
    <Form label={title} submitLabel={title} onCancel={onCancel} {...form.formProps}>
      <p id={textId} className="auth-text">
        {t('account.consumptionAccess.createText')}
      </p>
      {form.error !== null && <Outcome error={form.error} />}
      <Field {...form.field('name')} label={t('account.consumptionAccess.name')} />
      <PasswordField
        {...form.field('currentPassword')}
        label={t('account.consumptionAccess.currentPassword')}
        autoComplete="current-password"
      />
    </Form>
  )
}

/**
 * The credential as the software is set up with it. The warning takes the focus as it appears, so
 * that a screen reader reads it first.
 */
function CredentialShown({
  textId,
  address,
  created,
  onClose,
}: {
  textId: string
  address: string
  created: CreatedConsumptionCredential
  onClose: () => void
}) {
  const { t } = useTranslation()
  const warning = useRef<HTMLDivElement>(null)
  useEffect(() => warning.current?.focus(), [])
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <div className="auth-stack">
          <div id={textId} className="auth-stack">
            <Alert
              ref={warning}
              severity="warning"
              // read as the dialog's description and focused: no live region on top
              role="note"
              tabIndex={-1}
              sx={{ '&:focus': { outline: 'none' } }}
            >
              {t('account.consumptionAccess.createdWarning')}
            </Alert>
            <DialogContentText>
              {t('account.consumptionAccess.createdText', { name: created.name })}
            </DialogContentText>
          </div>
          <CopyField label={t('account.consumptionAccess.address')} value={address} />
          <CopyField label={t('account.consumptionAccess.userName')} value={created.userName} />
          <CopyField label={t('account.consumptionAccess.password')} value={created.password} />
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

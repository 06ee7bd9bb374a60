import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  asTyped,
  digitsOf,
  trimmed,
  useSendForm,
} from '../../../components/second-factor/send-form'
import type { SecondFactorProof } from '../api/second-factor'
import { DIALOG_KIT, SecondFactorDialog } from './second-factor-dialog'

const { Form, Field, PasswordField, Outcome } = DIALOG_KIT

/**
 * A dialog that asks for the current password and a code (decision 040) and sends them: the
 * server's message about either stands at its field, which takes the focus again; any other
 * failure above them. Enter sends. Once `result` is there it shows that instead.
 */
export function ProofDialog({
  open,
  title,
  text,
  more,
  codeLabel,
  recoveryCodeToo,
  submitLabel,
  pending,
  result,
  send,
  onClose,
  onExited,
}: {
  open: boolean
  title: string
  text: string
  more?: string
  codeLabel: string
  /** Whether a recovery code does as well as the app's: then it is sent as typed. */
  recoveryCodeToo: boolean
  submitLabel: string
  pending: boolean
  /** What the request made, shown in place of the form (`textId` describes the dialog). */
  result?: (textId: string) => ReactNode
  send: (proof: SecondFactorProof) => Promise<unknown>
  onClose: () => void
  onExited: () => void
}) {
  return (
    <SecondFactorDialog
      open={open}
      title={title}
      pending={pending}
      onClose={onClose}
      onExited={onExited}
    >
      {({ text: textId }) =>
        result?.(textId) ?? (
          <ProofForm
            textId={textId}
            label={title}
            text={text}
            more={more}
            codeLabel={codeLabel}
            recoveryCodeToo={recoveryCodeToo}
            submitLabel={submitLabel}
            send={send}
            onCancel={onClose}
          />
        )
      }
    </SecondFactorDialog>
  )
}

function ProofForm({
  textId,
  label,
  text,
  more,
  codeLabel,
  recoveryCodeToo,
  submitLabel,
  send,
  onCancel,
}: {
  textId: string
  label: string
  text: string
  more?: string
  codeLabel: string
  recoveryCodeToo: boolean
  submitLabel: string
  send: (proof: SecondFactorProof) => Promise<unknown>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const form = useSendForm({
    fields: { currentPassword: asTyped, code: recoveryCodeToo ? trimmed : digitsOf },
    send,
  })
  return (
    <Form
      label={label}
      submitLabel={submitLabel}
      pending={form.pending}
      changed={form.changed}
      onSubmit={form.submit}
      onCancel={onCancel}
    >
      <div id={textId} className="auth-stack">
        <p className="auth-text">{text}</p>
        {more && <p className="auth-text">{more}</p>}
      </div>
      {form.error !== null && <Outcome error={form.error} />}
      <PasswordField
        {...form.field('currentPassword')}
        label={t('secondFactor.currentPassword')}
        autoComplete="current-password"
      />
      <Field
        {...form.field('code')}
        label={codeLabel}
        autoComplete="one-time-code"
        inputMode={recoveryCodeToo ? 'text' : 'numeric'}
      />
    </Form>
  )
}

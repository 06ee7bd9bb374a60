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
import '../../../components/second-factor/texts'

const { Form, Field, PasswordField, Outcome } = DIALOG_KIT

/** What a dialog asking for the proof of decision 040 says and sends. */
interface Proof {
  title: string
  text: string
  more?: string
  codeLabel: string
  /** Whether a recovery code does as well as the app's: then it is sent as typed. */
  recoveryCodeToo: boolean
  submitLabel: string
  send: (proof: SecondFactorProof) => Promise<unknown>
}

/**
 * A dialog that asks for the current password and a code (decision 040) and sends them: the
 * server's message about either stands at its field, which takes the focus again; any other
 * failure above them. Enter sends. Once `result` is there it shows that instead.
 */
export function ProofDialog({
  open,
  pending,
  result,
  onClose,
  onExited,
  ...proof
}: Proof & {
  open: boolean
  pending: boolean
  /** What the request made, shown in place of the form (`textId` describes the dialog). */
  result?: (textId: string) => ReactNode
  onClose: () => void
  onExited: () => void
}) {
  return (
    <SecondFactorDialog
      open={open}
      title={proof.title}
      pending={pending}
      onClose={onClose}
      onExited={onExited}
    >
      {({ text }) => result?.(text) ?? <ProofForm {...proof} textId={text} onCancel={onClose} />}
    </SecondFactorDialog>
  )
}

function ProofForm({
  textId,
  title,
  text,
  more,
  codeLabel,
  recoveryCodeToo,
  submitLabel,
  send,
  onCancel,
}: Proof & { textId: string; onCancel: () => void }) {
  const { t } = useTranslation()
  const form = useSendForm({
    fields: { currentPassword: asTyped, code: recoveryCodeToo ? trimmed : digitsOf },
    send,
  })
  return (
    <Form label={title} submitLabel={submitLabel} onCancel={onCancel} {...form.formProps}>
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

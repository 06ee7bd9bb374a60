import { PasswordResetConfirmSchema } from '@portal/domain'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { confirmPasswordReset } from '../api/password-reset'
import { fieldProblems, firstProblem } from './field-problems'
import { PasswordResetFrame } from './password-reset-frame'
import { PlainPasswordField } from './plain-field'
import { usePlainFields } from './use-plain-fields'

const FIELDS = ['newPassword', 'newPasswordRepeat'] as const
type Field = (typeof FIELDS)[number]

/**
 * The view reached from a mailed link: the new password twice (§5 rules, spelled out above the
 * fields). The same for a reset link and for the provider's invitation; only the texts differ.
 * A field is checked as it changes, every field when the form is sent; the first field with a
 * problem takes the focus then. Plain React like the sign-in (decision 027).
 */
export function PasswordResetConfirmForm({
  token,
  purpose = 'confirm',
}: {
  token: string
  purpose?: 'confirm' | 'invitation'
}) {
  const { t } = useTranslation()
  const rulesId = useId()
  const [checked, setChecked] = useState<ReadonlySet<Field> | 'all'>(new Set())
  const { values, field, focus } = usePlainFields<Field>(
    { newPassword: '', newPasswordRepeat: '' },
    (name) => setChecked((current) => (current === 'all' ? current : new Set(current).add(name))),
  )
  const problems = fieldProblems(PasswordResetConfirmSchema, { token, ...values })
  const shown = (name: Field) =>
    checked === 'all' || checked.has(name) ? problems[name] : undefined

  const prepare = () => {
    setChecked('all')
    const first = firstProblem(FIELDS, problems)
    if (first) {
      focus(first)
      return null
    }
    return { token, ...values }
  }

  return (
    <PasswordResetFrame
      intro={t(`auth.${purpose}.intro`)}
      title={t(`auth.${purpose}.title`)}
      submitLabel={t(`auth.${purpose}.submit`)}
      prepare={prepare}
      send={confirmPasswordReset}
    >
      <p id={rulesId} className="auth-text auth-text--secondary">
        {t('account.changePassword.rules')}
      </p>
      <PlainPasswordField
        label={t('account.changePassword.newPassword')}
        autoComplete="new-password"
        required
        describedBy={rulesId}
        {...field('newPassword', shown('newPassword'))}
      />
      <PlainPasswordField
        label={t('account.changePassword.newPasswordRepeat')}
        autoComplete="new-password"
        required
        {...field('newPasswordRepeat', shown('newPasswordRepeat'))}
      />
    </PasswordResetFrame>
  )
}

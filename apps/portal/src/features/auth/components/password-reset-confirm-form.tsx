import { PasswordResetConfirmSchema } from '@portal/domain'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { confirmPasswordReset } from '../api/password-reset'
import { fieldProblems, firstProblem } from './field-problems'
import { PlainButton } from './plain-button'
import { PlainPasswordField } from './plain-field'
import { SubmissionOutcome } from './submission-outcome'

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
  const [values, setValues] = useState<Record<Field, string>>({
    newPassword: '',
    newPasswordRepeat: '',
  })
  const [checked, setChecked] = useState<ReadonlySet<Field> | 'all'>(new Set())
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ success?: string; error?: unknown }>({})
  const newPasswordInput = useRef<HTMLInputElement>(null)
  const repeatInput = useRef<HTMLInputElement>(null)
  const problems = fieldProblems(PasswordResetConfirmSchema, { token, ...values })
  const shown = (name: Field) =>
    checked === 'all' || checked.has(name) ? problems[name] : undefined

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked('all')
    const field = firstProblem(FIELDS, problems)
    if (field) {
      const inputs = { newPassword: newPasswordInput, newPasswordRepeat: repeatInput }
      inputs[field].current?.focus()
      return
    }
    setPending(true)
    setOutcome({})
    try {
      const answer = await confirmPasswordReset({ token, ...values })
      setOutcome({ success: answer.successMessage })
    } catch (error) {
      setOutcome({ error })
    } finally {
      setPending(false)
    }
  }
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }))
      setChecked((current) => (current === 'all' ? current : new Set(current).add(name)))
    },
    error: shown(name),
  })

  return (
    <div className="auth-stack">
      <p className="auth-text">{t(`auth.${purpose}.intro`)}</p>
      <SubmissionOutcome success={outcome.success} error={outcome.error} />
      {!outcome.success && (
        <form
          className="auth-stack"
          noValidate
          onSubmit={onSubmit}
          aria-label={t(`auth.${purpose}.title`)}
        >
          <p id={rulesId} className="auth-text auth-text--secondary">
            {t('account.changePassword.rules')}
          </p>
          <PlainPasswordField
            label={t('account.changePassword.newPassword')}
            autoComplete="new-password"
            required
            describedBy={rulesId}
            ref={newPasswordInput}
            {...field('newPassword')}
          />
          <PlainPasswordField
            label={t('account.changePassword.newPasswordRepeat')}
            autoComplete="new-password"
            required
            ref={repeatInput}
            {...field('newPasswordRepeat')}
          />
          <PlainButton loading={pending}>{t(`auth.${purpose}.submit`)}</PlainButton>
        </form>
      )}
      <Link className="auth-link" to="/authenticate">
        {t('auth.reset.backToLogin')}
      </Link>
    </div>
  )
}

import { PasswordResetRequestSchema, type PasswordResetRequest } from '@portal/domain'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requestPasswordReset } from '../api/password-reset'
import { fieldProblems, firstProblem } from './field-problems'
import { PlainButton } from './plain-button'
import { PlainField } from './plain-field'
import { SubmissionOutcome } from './submission-outcome'

const FIELDS = ['businessPartner', 'mail'] as const
type Field = (typeof FIELDS)[number]

/**
 * The password reset request (§7): partner number and mail address, checked by the domain's
 * schema when sent and, after that, as they change; the first field with a problem takes the
 * focus. Plain React like the sign-in (decision 027); loaded when the view is opened.
 */
export function PasswordResetRequestForm() {
  const { t } = useTranslation()
  const [values, setValues] = useState<Record<Field, string>>({ businessPartner: '', mail: '' })
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ success?: string; error?: unknown }>({})
  const businessPartnerInput = useRef<HTMLInputElement>(null)
  const mailInput = useRef<HTMLInputElement>(null)
  const problems = submitted ? fieldProblems(PasswordResetRequestSchema, values) : {}

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const parsed = PasswordResetRequestSchema.safeParse(values)
    if (!parsed.success) {
      const field = firstProblem(FIELDS, fieldProblems(PasswordResetRequestSchema, values))
      const inputs = { businessPartner: businessPartnerInput, mail: mailInput }
      if (field) inputs[field].current?.focus()
      return
    }
    const request: PasswordResetRequest = parsed.data
    setPending(true)
    setOutcome({})
    try {
      const answer = await requestPasswordReset(request)
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
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: problems[name],
  })

  return (
    <div className="auth-stack">
      <p className="auth-text">{t('auth.reset.intro')}</p>
      <SubmissionOutcome success={outcome.success} error={outcome.error} />
      {!outcome.success && (
        <form
          className="auth-stack"
          noValidate
          onSubmit={onSubmit}
          aria-label={t('auth.reset.title')}
        >
          <PlainField
            label={t('auth.reset.businessPartner')}
            required
            ref={businessPartnerInput}
            {...field('businessPartner')}
          />
          <PlainField
            label={t('auth.reset.mail')}
            type="email"
            autoComplete="email"
            required
            ref={mailInput}
            {...field('mail')}
          />
          <PlainButton loading={pending}>{t('auth.reset.submit')}</PlainButton>
        </form>
      )}
      <Link className="auth-link" to="/authenticate">
        {t('auth.reset.backToLogin')}
      </Link>
    </div>
  )
}

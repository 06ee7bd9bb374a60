import { ResidentRegistrationSchema } from '@portal/domain'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/kit/button'
import { Field, PasswordField } from '../../../components/kit/field'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { fieldErrorOf } from '../../../lib/form-errors'
import { registerResident } from '../api/register-resident'
import { fieldProblems, firstProblem } from './field-problems'
import { useFormFields } from './use-form-fields'
import '../locales'

const FIELDS = ['code', 'userName', 'mail', 'newPassword', 'newPasswordRepeat'] as const
type Field = (typeof FIELDS)[number]

/**
 * A resident's registration (decision 065): the code of his letter or mail (filled in from the
 * mail's link), a user name, an e-mail address if he wants one, and the password twice under the
 * rules of §5, checked with the domain's schema as the server checks them. Like the password
 * reset's forms: a field is checked as it changes, every field when the form is sent, and the
 * first one with a problem takes the focus; what the server refuses about one field (a used code,
 * a taken name) is shown at it. Plain React, no form library (decision 027).
 */
export function RegistrationForm({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation()
  const rulesId = useId()
  const [checked, setChecked] = useState<ReadonlySet<Field> | 'all'>(new Set())
  const [refused, setRefused] = useState<{ field: Field; message: string } | null>(null)
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ success?: string; error?: unknown }>({})
  const { values, field, focus } = useFormFields<Field>(
    { code: initialCode, userName: '', mail: '', newPassword: '', newPasswordRepeat: '' },
    (name) => {
      setChecked((current) => (current === 'all' ? current : new Set(current).add(name)))
      // the server's word about a field holds until the field is changed
      setRefused((current) => (current?.field === name ? null : current))
    },
  )
  const problems = fieldProblems(ResidentRegistrationSchema, values)
  const shown = (name: Field) =>
    (checked === 'all' || checked.has(name) ? problems[name] : undefined) ??
    (refused?.field === name ? refused.message : undefined)

  // the field the server refused takes the focus once its message is rendered, so that the
  // message is read out with it
  const focusNext = useRef<Field | null>(null)
  const toLogin = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (focusNext.current) focus(focusNext.current)
    focusNext.current = null
  })
  // done: the form is gone, the focus goes to the way on
  useEffect(() => {
    if (outcome.success) toLogin.current?.focus()
  }, [outcome.success])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked('all')
    const parsed = ResidentRegistrationSchema.safeParse(values)
    if (!parsed.success) {
      const first = firstProblem(FIELDS, problems)
      if (first) focus(first)
      return
    }
    setPending(true)
    setRefused(null)
    setOutcome({})
    try {
      const answer = await registerResident(parsed.data)
      setOutcome({ success: answer.successMessage })
    } catch (error) {
      const atField = fieldErrorOf(error, FIELDS)
      if (atField) {
        focusNext.current = atField.field
        setRefused(atField)
      } else {
        setOutcome({ error })
      }
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="auth-stack">
      <p className="auth-text">{t('auth.registration.intro')}</p>
      <MutationOutcome success={outcome.success} error={outcome.error} />
      {!outcome.success && (
        <form
          className="auth-stack"
          noValidate
          onSubmit={onSubmit}
          aria-label={t('auth.registration.title')}
        >
          <Field
            label={t('auth.registration.code')}
            autoComplete="off"
            required
            {...field('code', shown('code'))}
            helperText={shown('code') ?? t('auth.registration.codeHint')}
          />
          <Field
            label={t('auth.registration.userName')}
            autoComplete="username"
            required
            {...field('userName', shown('userName'))}
            helperText={shown('userName') ?? t('auth.registration.userNameHint')}
          />
          <Field
            label={t('auth.registration.mail')}
            type="email"
            autoComplete="email"
            {...field('mail', shown('mail'))}
            helperText={shown('mail') ?? t('auth.registration.mailHint')}
          />
          <p id={rulesId} className="auth-text auth-text--secondary">
            {t('account.changePassword.rules')}
          </p>
          <PasswordField
            label={t('auth.registration.password')}
            autoComplete="new-password"
            required
            describedBy={rulesId}
            {...field('newPassword', shown('newPassword'))}
          />
          <PasswordField
            label={t('auth.registration.passwordRepeat')}
            autoComplete="new-password"
            required
            {...field('newPasswordRepeat', shown('newPasswordRepeat'))}
          />
          <Button loading={pending}>{t('auth.registration.submit')}</Button>
        </form>
      )}
      <Link ref={toLogin} className="auth-link" to="/authenticate">
        {t('auth.registration.toLogin')}
      </Link>
    </div>
  )
}

import { PasswordResetRequestSchema, type PasswordResetRequest } from '@portal/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { requestPasswordReset } from '../api/password-reset'
import { fieldProblems, firstProblem } from './field-problems'
import { PasswordResetFrame } from './password-reset-frame'
import { Field } from '../../../components/kit/field'
import { useFormFields } from './use-form-fields'

const FIELDS = ['businessPartner', 'mail'] as const
type Field = (typeof FIELDS)[number]

/**
 * The password reset request (§7): partner number and mail address, checked by the domain's
 * schema when sent and, after that, as they change; the first field with a problem takes the
 * focus. Plain React like the sign-in (decision 027); loaded when the view is opened.
 */
export function PasswordResetRequestForm() {
  const { t } = useTranslation()
  const { values, field, focus } = useFormFields<Field>({ businessPartner: '', mail: '' })
  const [submitted, setSubmitted] = useState(false)
  const problems = submitted ? fieldProblems(PasswordResetRequestSchema, values) : {}

  const prepare = (): PasswordResetRequest | null => {
    setSubmitted(true)
    const parsed = PasswordResetRequestSchema.safeParse(values)
    if (parsed.success) return parsed.data
    const first = firstProblem(FIELDS, fieldProblems(PasswordResetRequestSchema, values))
    if (first) focus(first)
    return null
  }

  return (
    <PasswordResetFrame
      intro={t('auth.reset.intro')}
      title={t('auth.reset.title')}
      submitLabel={t('auth.reset.submit')}
      prepare={prepare}
      send={requestPasswordReset}
    >
      <Field
        label={t('auth.reset.businessPartner')}
        required
        {...field('businessPartner', problems.businessPartner)}
      />
      <Field
        label={t('auth.reset.mail')}
        type="email"
        autoComplete="email"
        required
        {...field('mail', problems.mail)}
      />
    </PasswordResetFrame>
  )
}

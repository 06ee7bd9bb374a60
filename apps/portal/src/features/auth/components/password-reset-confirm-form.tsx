import { PasswordResetConfirmSchema } from '@portal/domain'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '../../../lib/api-client'
import { acceptInvitation, checkInvitation, confirmPasswordReset } from '../api/password-reset'
import { fieldProblems, firstProblem } from './field-problems'
import { Alert } from '../../../components/kit/alert'
import { PasswordResetFrame } from './password-reset-frame'
import { PasswordField } from '../../../components/kit/field'
import { ScreenLoading } from '../../../components/kit/progress'
import { useFormFields } from './use-form-fields'

const FIELDS = ['newPassword', 'newPasswordRepeat'] as const
type Field = (typeof FIELDS)[number]

/**
 * The view reached from an invitation link: the link is checked first (decision 040). One that
 * was used already, ran out or was replaced shows the server's message of what to do (sign in, or
 * ask for a new invitation) and the way to the sign-in instead of the form; any other failure of
 * the check leaves the form, whose answer tells.
 */
export function InvitationForm({ token }: { token: string }) {
  const [state, setState] = useState<'checking' | 'open' | { refused: string }>('checking')
  useEffect(() => {
    let current = true
    checkInvitation(token).then(
      () => current && setState('open'),
      (error: unknown) => {
        if (!current) return
        const refused =
          error instanceof ApiError && (error.status === 410 || error.status === 400)
            ? error.detail
            : null
        setState(refused ? { refused } : 'open')
      },
    )
    return () => {
      current = false
    }
  }, [token])
  if (state === 'checking') return <ScreenLoading />
  if (state === 'open') return <PasswordResetConfirmForm token={token} purpose="invitation" />
  return <InvitationRefused detail={state.refused} />
}

/** The invitation cannot be used: what the server said, announced, and the way to the sign-in. */
function InvitationRefused({ detail }: { detail: string }) {
  const { t } = useTranslation()
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => link.current?.focus(), [])
  return (
    <div className="auth-stack">
      <Alert severity="info" role="status">
        {detail}
      </Alert>
      <Link ref={link} className="auth-link" to="/authenticate">
        {t('auth.invitation.toLogin')}
      </Link>
    </div>
  )
}

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
  const { values, field, focus } = useFormFields<Field>(
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
      send={purpose === 'invitation' ? acceptInvitation : confirmPasswordReset}
    >
      <p id={rulesId} className="auth-text auth-text--secondary">
        {t('account.changePassword.rules')}
      </p>
      <PasswordField
        label={t('account.changePassword.newPassword')}
        autoComplete="new-password"
        required
        describedBy={rulesId}
        {...field('newPassword', shown('newPassword'))}
      />
      <PasswordField
        label={t('account.changePassword.newPasswordRepeat')}
        autoComplete="new-password"
        required
        {...field('newPasswordRepeat', shown('newPasswordRepeat'))}
      />
    </PasswordResetFrame>
  )
}

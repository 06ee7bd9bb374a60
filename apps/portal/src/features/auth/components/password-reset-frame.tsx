import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/kit/button'
import { MutationOutcome } from '../../../components/mutation-outcome'

/**
 * The password reset's forms (the request, and the new password from a mailed link): the intro,
 * what the request came to, the form until it succeeded, and the way back to the sign-in.
 * `prepare` checks the fields when the form is sent and gives the request, or null when a field
 * has a problem (it has put the focus there).
 */
export function PasswordResetFrame<Request>({
  intro,
  title,
  submitLabel,
  prepare,
  send,
  children,
}: {
  intro: string
  title: string
  submitLabel: string
  prepare: () => Request | null
  send: (request: Request) => Promise<{ successMessage: string }>
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ success?: string; error?: unknown }>({})

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const request = prepare()
    if (request === null) return
    setPending(true)
    setOutcome({})
    try {
      const answer = await send(request)
      setOutcome({ success: answer.successMessage })
    } catch (error) {
      setOutcome({ error })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="auth-stack">
      <p className="auth-text">{intro}</p>
      <MutationOutcome success={outcome.success} error={outcome.error} />
      {!outcome.success && (
        <form className="auth-stack" noValidate onSubmit={onSubmit} aria-label={title}>
          {children}
          <Button loading={pending}>{submitLabel}</Button>
        </form>
      )}
      <Link className="auth-link" to="/authenticate">
        {t('auth.reset.backToLogin')}
      </Link>
    </div>
  )
}

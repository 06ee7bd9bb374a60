import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import type { ApiError } from '../../../lib/api-client'
import { newActionKey } from '../../../lib/action-key'
import { getToken, getUser, signInPath } from '../../../lib/session'
import type { KitFormProps, SecondFactorKit } from '../../../components/second-factor/kit'
import { RecoveryCodes } from '../../../components/second-factor/recovery-codes'
import { SetUpSteps } from '../../../components/second-factor/set-up-steps'
import { logout } from '../api/logout'
import { confirmSecondFactor, startSecondFactorSetup } from '../api/second-factor-setup'
import { Alert } from '../../../components/kit/alert'
import { Button } from '../../../components/kit/button'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { KitField, KitPasswordField } from '../../../components/second-factor/kit-fields'
import '../../../components/second-factor/texts'

/**
 * The sign-in's calls, loaded as the sign-in page loads them: the forced set-up needs them only
 * once its codes show (whose they are) and to load the session after it.
 */
const signInCalls = () => import('../api/sign-in')

/** The portal's pages are MUI's: opened as a page of their own, as after the sign-in. */
function openPortal(path: string) {
  window.location.replace(path)
}

function PlainForm({ label, submitLabel, pending, onSubmit, children }: KitFormProps) {
  return (
    <form className="auth-stack" noValidate onSubmit={onSubmit} aria-label={label}>
      {children}
      <Button loading={pending}>{submitLabel}</Button>
    </form>
  )
}

/** The steps drawn without MUI, as the rest of the sign-in page (decision 027). */
const PLAIN_KIT: SecondFactorKit = {
  Form: PlainForm,
  Field: KitField,
  PasswordField: KitPasswordField,
  Outcome: MutationOutcome,
}

type Phase =
  { step: 'setUp' } | { step: 'enabled'; error: ApiError } | { step: 'recovery'; codes: string[] }

/**
 * /authenticate?view=second-factor: sets up the TOTP second factor right after the sign-in when
 * the customer requires one that the user has not set up (then the token only opens this set-up,
 * and the session is loaded after it, as the sign-in would have), or after turning a required one
 * off on the account page. Without a token, the sign-in. The account page's own set-up is a dialog
 * in the app shell (decision 045) with the same steps.
 */
export function SecondFactorSetup({
  next,
  onFinished = openPortal,
}: {
  next: string
  /** Opens the portal at `next` once done (a test watches it instead). */
  onFinished?: (path: string) => void
}) {
  const token = getToken()
  if (!token) return <Navigate to={signInPath(next)} replace />
  return <SetupFrame token={token} next={next} onFinished={onFinished} />
}

function SetupFrame({
  token,
  next,
  onFinished,
}: {
  token: string
  next: string
  onFinished: (path: string) => void
}) {
  const { t } = useTranslation()
  const [phase, setPhase] = useState<Phase>({ step: 'setUp' })
  // the forced set-up after the sign-in: no session yet, and nothing to go back to
  const [signedIn] = useState(() => getUser() !== null)
  // one key per action, kept until it succeeds (see useIdempotentMutation)
  const [startKey] = useState(newActionKey)
  const confirmKey = useRef<string | null>(null)

  /** Loads the session first when the sign-in left that to the set-up, then opens the portal. */
  const finish = async () => {
    if (!signedIn) await (await signInCalls()).loadSession(token)
    onFinished(next)
  }
  // whose the codes are, for their file: named in the token until the session is loaded
  const [userName, setUserName] = useState(() => getUser()?.userName ?? '')
  useEffect(() => {
    if (!userName) void signInCalls().then(({ userNameOf }) => setUserName(userNameOf(token)))
  }, [userName, token])

  if (phase.step === 'recovery') {
    return <RecoveryStep codes={phase.codes} userName={userName} onContinue={finish} />
  }
  if (phase.step === 'enabled') {
    return (
      <div className="auth-stack">
        <Alert severity="info" role="status">
          {phase.error.detail}
        </Alert>
        <ContinueForm onContinue={finish} />
      </div>
    )
  }
  return (
    <div className="auth-stack">
      <SetUpSteps
        kit={PLAIN_KIT}
        lead={!signedIn && <p className="auth-text">{t('secondFactor.setUp.required')}</p>}
        start={(password) => startSecondFactorSetup(password, startKey)}
        confirm={async (code) => {
          confirmKey.current ??= newActionKey()
          const { recoveryCodes } = await confirmSecondFactor(code, confirmKey.current)
          confirmKey.current = null
          return recoveryCodes
        }}
        onConfirmed={(codes) => setPhase({ step: 'recovery', codes })}
        onEnabled={(error) => setPhase({ step: 'enabled', error })}
      />
      {signedIn ? (
        <a className="auth-link" href={next}>
          {t('secondFactor.setUp.cancel')}
        </a>
      ) : (
        <button type="button" className="auth-link auth-link-button" onClick={() => void logout()}>
          {t('secondFactor.setUp.signOut')}
        </button>
      )}
    </div>
  )
}

/**
 * The recovery codes, and a check that the user has kept them before the portal goes on: they
 * are not shown again. The step is announced and its heading takes the focus, as the confirm
 * button the user pressed is gone.
 */
function RecoveryStep({
  codes,
  userName,
  onContinue,
}: {
  codes: string[]
  userName: string
  onContinue: () => Promise<void>
}) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="auth-stack">
      <Alert severity="success" role="status">
        {t('secondFactor.setUp.enabled')}
      </Alert>
      <h2 ref={heading} className="auth-subtitle" tabIndex={-1}>
        {t('secondFactor.setUp.recoveryTitle')}
      </h2>
      <p className="auth-text">{t('secondFactor.setUp.recoveryIntro')}</p>
      <RecoveryCodes codes={codes} userName={userName} />
      <ContinueForm confirmStored onContinue={onContinue} />
    </div>
  )
}

/**
 * "Weiter" to the portal, with the check "Ich habe die Wiederherstellungscodes sicher
 * aufbewahrt." first where codes were shown; a failure to load the session is shown here.
 */
function ContinueForm({
  confirmStored = false,
  onContinue,
}: {
  confirmStored?: boolean
  onContinue: () => Promise<void>
}) {
  const { t } = useTranslation()
  const checkboxId = useId()
  const [stored, setStored] = useState(false)
  const [checked, setChecked] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const checkbox = useRef<HTMLInputElement>(null)
  const missing = confirmStored && checked && !stored

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (confirmStored && !stored) {
      checkbox.current?.focus()
      return
    }
    setPending(true)
    setError(null)
    try {
      // the button stays busy while the portal's page loads
      await onContinue()
    } catch (caught) {
      setError(caught)
      setPending(false)
    }
  }
  return (
    <form className="auth-stack" noValidate onSubmit={submit}>
      <MutationOutcome error={error} />
      {confirmStored && (
        <div className="auth-checkbox" data-invalid={missing || undefined}>
          <input
            ref={checkbox}
            id={checkboxId}
            type="checkbox"
            checked={stored}
            required
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${checkboxId}-helper-text` : undefined}
            onChange={(event) => setStored(event.target.checked)}
          />
          <label htmlFor={checkboxId}>{t('secondFactor.setUp.stored')}</label>
          {missing && (
            <p className="auth-checkbox__helper" id={`${checkboxId}-helper-text`}>
              {t('secondFactor.setUp.storedMissing')}
            </p>
          )}
        </div>
      )}
      <Button loading={pending}>{t('secondFactor.setUp.continue')}</Button>
    </form>
  )
}

import { formatDate, REQUIRED_MESSAGE } from '@portal/domain'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { ApiError } from '../../../lib/api-client'
import { useCustomer } from '../../../lib/customer'
import { fieldErrorOf } from '../../../lib/form-errors'
import { newActionKey } from '../../../lib/action-key'
import { saveRecoveryCodes } from '../../../lib/recovery-codes'
import { getToken, getUser, signInPath } from '../../../lib/session'
import '../locales'
import { logout } from '../api/logout'
import {
  confirmSecondFactor,
  startSecondFactorSetup,
  type SecondFactorSetup as Setup,
} from '../api/second-factor-setup'
import { loadSession, userNameOf } from '../api/sign-in'
import { Alert as PlainAlert } from '../../../components/kit/alert'
import { Button as PlainButton } from '../../../components/kit/button'
import { ValueField as PlainField, ValuePasswordField as PlainPasswordField } from './value-fields'
import { MutationOutcome as SubmissionOutcome } from '../../../components/mutation-outcome'

/** The portal's pages are MUI's: opened as a page of their own, as after the sign-in. */
function openPortal(path: string) {
  window.location.replace(path)
}

/** The secret in blocks of four, as authenticator apps show keys: easier to read and compare. */
const inBlocks = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

type Phase =
  | { step: 'password' }
  | { step: 'enabled'; error: ApiError }
  | { step: 'scan'; setup: Setup }
  | { step: 'recovery'; codes: string[] }

/** The set-up was done already (another tab, a repeat): the codes are not shown again. */
const isEnabledAlready = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.serverCode === 'SECOND_FACTOR_ENABLED' ||
    error.serverCode === 'SECOND_FACTOR_ANSWER_SHOWN')

/**
 * /authenticate?view=second-factor: sets up the TOTP second factor, plain like the sign-in
 * (decision 027). Reached from the account page, or right after the sign-in when the customer
 * requires a second factor that the user has not set up: then the token only opens this set-up,
 * and the session is loaded after it, as the sign-in would have. Without a token, the sign-in.
 * Decision 040: the current password comes first, also right after the sign-in, so that a token
 * alone cannot enrol another device.
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
  return <SetupSteps token={token} next={next} onFinished={onFinished} />
}

function SetupSteps({
  token,
  next,
  onFinished,
}: {
  token: string
  next: string
  onFinished: (path: string) => void
}) {
  const { t } = useTranslation()
  const [phase, setPhase] = useState<Phase>({ step: 'password' })
  // the forced set-up after the sign-in: no session yet, and nothing to go back to
  const [signedIn] = useState(() => getUser() !== null)
  const alreadyEnabled = (error: ApiError) => setPhase({ step: 'enabled', error })

  /** Loads the session first when the sign-in left that to the set-up, then opens the portal. */
  const finish = async () => {
    if (!signedIn) await loadSession(token)
    onFinished(next)
  }
  const leave = signedIn ? (
    <a className="auth-link" href={next}>
      {t('auth.secondFactor.setup.cancel')}
    </a>
  ) : (
    <button type="button" className="auth-link auth-link-button" onClick={() => void logout()}>
      {t('auth.secondFactor.setup.signOut')}
    </button>
  )

  if (phase.step === 'recovery') {
    return <RecoveryCodes codes={phase.codes} token={token} onContinue={finish} />
  }
  const intro = (
    <>
      {!signedIn && <p className="auth-text">{t('auth.secondFactor.setup.required')}</p>}
      <p className="auth-text">{t('auth.secondFactor.setup.intro')}</p>
    </>
  )
  if (phase.step === 'enabled') {
    return (
      <div className="auth-stack">
        <PlainAlert severity="info" role="status">
          {phase.error.detail}
        </PlainAlert>
        <ContinueForm onContinue={finish} />
      </div>
    )
  }
  if (phase.step === 'password') {
    return (
      <div className="auth-stack">
        {intro}
        <PasswordForm
          onStarted={(setup) => setPhase({ step: 'scan', setup })}
          onEnabled={alreadyEnabled}
        />
        {leave}
      </div>
    )
  }
  return (
    <div className="auth-stack">
      {intro}
      <p className="auth-text">{t('auth.secondFactor.setup.apps')}</p>
      <p className="auth-text">{t('auth.secondFactor.setup.scan')}</p>
      <img
        className="auth-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(phase.setup.qrCode)}`}
        alt={t('auth.secondFactor.setup.qrAlt')}
        width="200"
        height="200"
      />
      <Secret secret={phase.setup.secret} />
      <ConfirmForm
        onConfirmed={(codes) => setPhase({ step: 'recovery', codes })}
        onEnabled={alreadyEnabled}
      />
      {leave}
    </div>
  )
}

/** The key for typing it into the app by hand: named by its caption, copied without the spaces. */
function Secret({ secret }: { secret: string }) {
  const { t } = useTranslation()
  const captionId = useId()
  const [copied, setCopied] = useState(false)
  // the clipboard is there on https and localhost only
  const clipboard = typeof navigator.clipboard?.writeText === 'function'
  return (
    <div className="auth-stack auth-stack--dense">
      {/* named by its caption for every browser and tool, not only where the caption counts */}
      <figure className="auth-secret" aria-labelledby={captionId}>
        <figcaption id={captionId} className="auth-text auth-text--secondary">
          {t('auth.secondFactor.setup.secret')}
        </figcaption>
        <code className="auth-code">{inBlocks(secret)}</code>
      </figure>
      {clipboard && (
        <button
          type="button"
          className="auth-button auth-button--text auth-button--start"
          onClick={() => {
            navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }}
        >
          {t('auth.secondFactor.setup.copy')}
        </button>
      )}
      <p className="auth-text auth-text--secondary" role="status">
        {copied ? t('auth.secondFactor.setup.copied') : ''}
      </p>
    </div>
  )
}

/**
 * The current password before the secret is shown (decision 040): a wrong one is refused at the
 * field (and counts like a failed sign-in). One key for the action, kept until it succeeds.
 */
function PasswordForm({
  onStarted,
  onEnabled,
}: {
  onStarted: (setup: Setup) => void
  onEnabled: (error: ApiError) => void
}) {
  const { t } = useTranslation()
  const introId = useId()
  const [password, setPassword] = useState('')
  const [checked, setChecked] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [startKey] = useState(newActionKey)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  const atField = fieldErrorOf(error, ['currentPassword'] as const)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (password === '') {
      input.current?.focus()
      return
    }
    setPending(true)
    setError(null)
    try {
      onStarted(await startSecondFactorSetup(password, startKey))
    } catch (caught) {
      if (isEnabledAlready(caught)) {
        onEnabled(caught)
        return
      }
      setError(caught)
      setPending(false)
      input.current?.focus()
      input.current?.select()
    }
  }
  const problem =
    checked && password === '' ? REQUIRED_MESSAGE : atField ? atField.message : undefined
  return (
    <form
      className="auth-stack"
      noValidate
      onSubmit={submit}
      aria-label={t('auth.secondFactor.setup.passwordTitle')}
    >
      <p id={introId} className="auth-text">
        {t('auth.secondFactor.setup.passwordIntro')}
      </p>
      {!atField && <SubmissionOutcome error={error} />}
      <PlainPasswordField
        label={t('auth.secondFactor.setup.password')}
        name="currentPassword"
        value={password}
        onChange={(value) => {
          setPassword(value)
          setError(null)
        }}
        autoComplete="current-password"
        required
        describedBy={introId}
        error={problem}
        ref={input}
      />
      <PlainButton loading={pending}>{t('auth.secondFactor.setup.start')}</PlainButton>
    </form>
  )
}

/** The first code from the app proves that the app holds the secret; then the set-up counts. */
function ConfirmForm({
  onConfirmed,
  onEnabled,
}: {
  onConfirmed: (codes: string[]) => void
  onEnabled: (error: ApiError) => void
}) {
  const { t } = useTranslation()
  const introId = useId()
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  // one key per action, kept until it succeeds (see useIdempotentMutation)
  const key = useRef<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const atField = fieldErrorOf(error, ['code'] as const)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    const typed = code.replace(/\s/g, '')
    if (typed === '') {
      input.current?.focus()
      return
    }
    setPending(true)
    setError(null)
    try {
      key.current ??= newActionKey()
      const { recoveryCodes } = await confirmSecondFactor(typed, key.current)
      key.current = null
      onConfirmed(recoveryCodes)
    } catch (caught) {
      if (isEnabledAlready(caught)) {
        onEnabled(caught)
        return
      }
      setError(caught)
      setPending(false)
      input.current?.focus()
      input.current?.select()
    }
  }
  const problem =
    checked && code.trim() === '' ? REQUIRED_MESSAGE : atField ? atField.message : undefined
  return (
    <form
      className="auth-stack"
      noValidate
      onSubmit={submit}
      aria-label={t('auth.secondFactor.setup.confirm')}
    >
      <p id={introId} className="auth-text">
        {t('auth.secondFactor.setup.confirmIntro')}
      </p>
      {!atField && <SubmissionOutcome error={error} />}
      <PlainField
        label={t('auth.secondFactor.setup.code')}
        name="code"
        value={code}
        onChange={(value) => {
          setCode(value)
          setError(null)
        }}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        describedBy={introId}
        error={problem}
        ref={input}
      />
      <PlainButton loading={pending}>{t('auth.secondFactor.setup.confirm')}</PlainButton>
    </form>
  )
}

/**
 * The ten recovery codes, shown this once: listed, to download as a text file, and a check that
 * the user has kept them before the portal goes on. The step is announced and its heading takes
 * the focus, as the confirm button the user pressed is gone.
 */
function RecoveryCodes({
  codes,
  token,
  onContinue,
}: {
  codes: string[]
  token: string
  onContinue: () => Promise<void>
}) {
  const { t } = useTranslation()
  const { config } = useCustomer()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const download = () => {
    const userName = getUser()?.userName ?? userNameOf(token)
    saveRecoveryCodes(
      codes,
      t('auth.secondFactor.file.heading', {
        applicationTitle: config.applicationTitle,
        userName,
        date: formatDate(new Date()),
      }),
      t('auth.secondFactor.file.name', { userName }),
    )
  }
  return (
    <div className="auth-stack">
      <PlainAlert severity="success" role="status">
        {t('auth.secondFactor.setup.enabled')}
      </PlainAlert>
      <h2 ref={heading} className="auth-subtitle" tabIndex={-1}>
        {t('auth.secondFactor.setup.recoveryTitle')}
      </h2>
      <p className="auth-text">{t('auth.secondFactor.setup.recoveryIntro')}</p>
      <ol className="auth-codes">
        {codes.map((code) => (
          <li key={code}>
            <code className="auth-code">{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="auth-button auth-button--outlined" onClick={download}>
        {t('auth.secondFactor.setup.download')}
      </button>
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
      <SubmissionOutcome error={error} />
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
          <label htmlFor={checkboxId}>{t('auth.secondFactor.setup.stored')}</label>
          {missing && (
            <p className="auth-checkbox__helper" id={`${checkboxId}-helper-text`}>
              {t('auth.secondFactor.setup.storedMissing')}
            </p>
          )}
        </div>
      )}
      <PlainButton loading={pending}>{t('auth.secondFactor.setup.continue')}</PlainButton>
    </form>
  )
}

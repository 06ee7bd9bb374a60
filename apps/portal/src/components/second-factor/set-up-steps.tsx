import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/api-client'
import type { SecondFactorKit } from './kit'
import { asTyped, digitsOf, useSendForm } from './send-form'
import type { SecondFactorSetup } from '@portal/domain'
import { SetupKey } from './setup-key'
import './texts'

/** The set-up was done already (another tab, a repeat): the codes are not shown again. */
const isEnabledAlready = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.serverCode === 'SECOND_FACTOR_ENABLED' ||
    error.serverCode === 'SECOND_FACTOR_ANSWER_SHOWN')

/**
 * The set-up of the TOTP second factor up to its confirmation, for the sign-in page's view and
 * the account page's dialog alike: the current password first (decision 040: a token alone
 * enrols no device), then the QR code and the key, and the first code from the app, which proves
 * that the app holds the secret. What follows, the recovery codes, is the frame's to show.
 */
export function SetUpSteps({
  kit,
  lead,
  introId,
  start,
  confirm,
  onConfirmed,
  onEnabled,
  onCancel,
}: {
  kit: SecondFactorKit
  /** What the frame says before the introduction. */
  lead?: ReactNode
  /** The introduction's id, for a dialog described by it. */
  introId?: string
  start: (currentPassword: string) => Promise<SecondFactorSetup>
  /** Answers the recovery codes. */
  confirm: (code: string) => Promise<string[]>
  onConfirmed: (codes: string[]) => void
  /** When the set-up was done already; without it the server's message shows like any other. */
  onEnabled?: (error: ApiError) => void
  onCancel?: () => void
}) {
  const { t } = useTranslation()
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null)
  const unlessEnabled = (caught: unknown) => {
    if (!onEnabled || !isEnabledAlready(caught)) throw caught
    onEnabled(caught)
  }
  const intro = (
    <div id={introId} className="auth-stack">
      {lead}
      <p className="auth-text">{t('secondFactor.setUp.intro')}</p>
      {setup && <p className="auth-text">{t('secondFactor.setUp.apps')}</p>}
    </div>
  )
  const step = setup
    ? {
        label: t('secondFactor.setUp.confirm'),
        fieldIntro: t('secondFactor.setUp.confirmIntro'),
        field: {
          name: 'code',
          label: t('secondFactor.appCode'),
          autoComplete: 'one-time-code',
          inputMode: 'numeric',
          clean: digitsOf,
        } as const,
        submitLabel: t('secondFactor.setUp.confirm'),
        send: (code: string) => confirm(code).then(onConfirmed, unlessEnabled),
      }
    : {
        label: t('secondFactor.setUp.passwordTitle'),
        fieldIntro: t('secondFactor.setUp.passwordIntro'),
        field: {
          name: 'currentPassword',
          label: t('secondFactor.currentPassword'),
          autoComplete: 'current-password',
          password: true,
          clean: asTyped,
        } as const,
        submitLabel: t('secondFactor.setUp.start'),
        send: (currentPassword: string) => start(currentPassword).then(setSetup, unlessEnabled),
      }
  return (
    // a step of its own for each field: typed values, checks and messages start afresh
    <Step key={step.field.name} kit={kit} {...step} onCancel={onCancel}>
      {intro}
      {setup && <p className="auth-text">{t('secondFactor.setUp.scan')}</p>}
      {setup && <SetupKey setup={setup} />}
    </Step>
  )
}

interface StepField<Name> {
  name: Name
  label: string
  autoComplete: string
  inputMode?: 'numeric'
  password?: boolean
  clean: (typed: string) => string
}

/** A step of one field, described by the text above it: the password, or the app's code. */
function Step<Name extends 'currentPassword' | 'code'>({
  kit,
  label,
  fieldIntro,
  field,
  submitLabel,
  send,
  onCancel,
  children,
}: {
  kit: SecondFactorKit
  label: string
  fieldIntro: string
  field: StepField<Name>
  submitLabel: string
  send: (value: string) => Promise<unknown>
  onCancel?: () => void
  children: ReactNode
}) {
  const fieldIntroId = useId()
  const form = useSendForm({
    // a computed key widens to string: this form has the one field
    fields: { [field.name]: field.clean } as Record<Name, (typed: string) => string>,
    send: (values) => send(values[field.name]),
  })
  const Field = field.password ? kit.PasswordField : kit.Field
  return (
    <kit.Form label={label} submitLabel={submitLabel} onCancel={onCancel} {...form.formProps}>
      {children}
      <p id={fieldIntroId} className="auth-text">
        {fieldIntro}
      </p>
      {form.error !== null && <kit.Outcome error={form.error} />}
      <Field
        {...form.field(field.name)}
        label={field.label}
        autoComplete={field.autoComplete}
        inputMode={field.inputMode}
        describedBy={fieldIntroId}
      />
    </kit.Form>
  )
}

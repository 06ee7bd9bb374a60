import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatDate, REQUIRED_MESSAGE } from '@portal/domain'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../../components/error-notice'
import { useLeaveGuard } from '../../../components/leave-guard'
import { Field as OutlinedField, PasswordField } from '../../../components/kit/field'
import { useCustomer } from '../../../lib/customer'
import { fieldErrorOf } from '../../../lib/form-errors'
import { saveRecoveryCodes } from '../../../lib/recovery-codes'
import { getUser, secondFactorSetupPath } from '../../../lib/session'
import {
  type SecondFactorProof,
  useConfirmSecondFactor,
  useDisableSecondFactor,
  useNewRecoveryCodes,
  useSecondFactorStatus,
  useStartSecondFactorSetup,
} from '../api/second-factor'
import '../locales'
import { AccountSection } from './account-section'

/**
 * The set-up the server demands once a required second factor was turned off: the sign-in page's
 * view, as after a sign-in (the server refuses the account page's other requests until then).
 */
const SET_UP_PATH = secondFactorSetupPath('/account')

/**
 * "Zwei-Faktor-Anmeldung": whether the user has a second factor, and what to do about it: set it
 * up (in a dialog inside the app shell, which asks for the password first), make new recovery codes, or
 * turn it off. Both changes ask for the current password and a current code in a dialog first
 * (decision 040); where the customer requires a second factor, turning it off leads straight to
 * setting it up again.
 */
export function SecondFactorSection() {
  const { t } = useTranslation()
  const status = useSecondFactorStatus()
  const [dialog, setDialog] = useState<'setUp' | 'codes' | 'disable' | null>(null)
  const [turnedOff, setTurnedOff] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  // the button that opened the dialog is gone once it is off: the section's heading takes the focus
  useEffect(() => {
    if (turnedOff) heading.current?.focus()
  }, [turnedOff])

  const state = status.data
  return (
    <AccountSection
      id="second-factor-title"
      title={t('account.secondFactor.title')}
      intro={t('account.secondFactor.intro')}
      headingRef={heading}
    >
      {turnedOff && (
        <Alert severity="success" role="status">
          {t('account.secondFactor.disabled')}
        </Alert>
      )}
      {status.isError && <ErrorNotice error={status.error} />}
      {status.isPending && <Typography>{t('common.loading')}</Typography>}
      {state && (
        <Box>
          {state.enabled ? (
            <>
              <Typography>
                {t('account.secondFactor.enabledSince', { date: formatDate(state.enabledAt) })}
              </Typography>
              <Typography>
                {t('account.secondFactor.codesLeft', { count: state.recoveryCodesLeft })}
              </Typography>
            </>
          ) : (
            <Typography>{t('account.secondFactor.notEnabled')}</Typography>
          )}
          {state.required && <Typography>{t('account.secondFactor.required')}</Typography>}
        </Box>
      )}
      {state && !state.enabled && (
        <Button
          variant="contained"
          onClick={() => setDialog('setUp')}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.secondFactor.setUp')}
        </Button>
      )}
      {state?.enabled && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <Button variant="outlined" onClick={() => setDialog('codes')}>
            {t('account.secondFactor.newCodes')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
            {t('account.secondFactor.disable')}
          </Button>
        </Stack>
      )}
      <SetUpDialog
        open={dialog === 'setUp'}
        onClose={() => setDialog(null)}
        // once it is set up, the button that opened the dialog is gone: the heading takes the focus
        onDone={() => heading.current?.focus()}
      />
      <NewRecoveryCodesDialog open={dialog === 'codes'} onClose={() => setDialog(null)} />
      <DisableDialog
        open={dialog === 'disable'}
        required={state?.required ?? false}
        onClose={() => setDialog(null)}
        onTurnedOff={() => {
          setDialog(null)
          setTurnedOff(true)
        }}
      />
    </AccountSection>
  )
}

/** Saves recovery codes as a text file named by the user. */
function useCodesDownload() {
  const { t } = useTranslation()
  const { config } = useCustomer()
  return (recoveryCodes: string[]) => {
    const userName = getUser()?.userName ?? ''
    saveRecoveryCodes(
      recoveryCodes,
      t('account.secondFactor.file.heading', {
        applicationTitle: config.applicationTitle,
        userName,
        date: formatDate(new Date()),
      }),
      t('account.secondFactor.file.name', { userName }),
    )
  }
}

/** The secret in blocks of four, as authenticator apps show keys: easier to read and compare. */
const inBlocks = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * Decision 045: the set-up from the account page, in a dialog inside the app shell (the forced
 * set-up after the sign-in stays on the sign-in page): the current password first (decision 040),
 * then the QR code, the key and the first code from the app, then the recovery codes, shown once.
 * The step's field takes the focus as it appears, and again with the server's message about it.
 */
function SetUpDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean
  onClose: () => void
  /** After the dialog that showed the recovery codes has faded out. */
  onDone: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const textId = useId()
  const secretId = useId()
  const start = useStartSecondFactorSetup()
  const confirm = useConfirmSecondFactor()
  const download = useCodesDownload()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const setup = start.data
  const codes = confirm.data?.recoveryCodes
  const pending = start.isPending || confirm.isPending
  const error = setup ? confirm.error : start.error
  const atField = fieldErrorOf(error, PROOF_FIELDS)
  const typed = setup ? code.replace(/\s/g, '') : password
  const problem = checked && typed === '' ? REQUIRED_MESSAGE : atField?.message
  useLeaveGuard(open && !codes && (password !== '' || code !== ''))
  useEffect(() => {
    if (open) input.current?.focus()
  }, [open, setup, error])

  const close = () => {
    if (!pending) onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setChecked(true)
    if (typed === '') input.current?.focus()
    else if (setup) confirm.mutate(typed)
    else start.mutate(password, { onSuccess: () => setChecked(false) })
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      disableRestoreFocus={codes !== undefined}
      slotProps={{
        transition: {
          onEntered: () => input.current?.focus(),
          onExited: () => {
            if (codes) onDone()
            setPassword('')
            setCode('')
            setChecked(false)
            start.reset()
            confirm.reset()
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{t('account.secondFactor.setUp')}</DialogTitle>
      {codes ? (
        <>
          <DialogContent id={textId}>
            <RecoveryCodeList
              codes={codes}
              intro={t('account.secondFactor.setUpDone')}
              downloadLabel={t('account.secondFactor.download')}
              onDownload={() => download(codes)}
            />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              <div id={textId}>
                <DialogContentText>{t('account.secondFactor.setUpIntro')}</DialogContentText>
                <DialogContentText sx={{ mt: 1 }}>
                  {setup
                    ? t('account.secondFactor.setUpApps')
                    : t('account.secondFactor.setUpPassword')}
                </DialogContentText>
              </div>
              {error !== null && !atField && <ErrorNotice error={error} />}
              {setup ? (
                <>
                  <DialogContentText>{t('account.secondFactor.setUpScan')}</DialogContentText>
                  <Box
                    component="img"
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCode)}`}
                    alt={t('account.secondFactor.qrAlt')}
                    width={200}
                    height={200}
                    sx={{ alignSelf: 'center' }}
                  />
                  <Box component="figure" aria-labelledby={secretId} sx={{ m: 0 }}>
                    <DialogContentText component="figcaption" id={secretId}>
                      {t('account.secondFactor.secret')}
                    </DialogContentText>
                    <Box
                      component="code"
                      sx={{
                        fontSize: '1.125rem',
                        letterSpacing: '0.05em',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {inBlocks(setup.secret)}
                    </Box>
                  </Box>
                  <OutlinedField
                    key="code"
                    ref={input}
                    label={t('account.secondFactor.code')}
                    name="code"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    required
                    error={Boolean(problem)}
                    helperText={problem}
                  />
                </>
              ) : (
                <PasswordField
                  key="password"
                  ref={input}
                  label={t('account.secondFactor.currentPassword')}
                  name="currentPassword"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  autoComplete="current-password"
                  required
                  error={Boolean(problem)}
                  helperText={problem}
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={pending}>
              {setup
                ? t('account.secondFactor.setUpConfirm')
                : t('account.secondFactor.setUpStart')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  )
}

/** New recovery codes: a current code from the app, then the codes, shown once, to download. */
function NewRecoveryCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const create = useNewRecoveryCodes()
  const codes = create.data?.recoveryCodes
  const download = useCodesDownload()
  return (
    <CodeDialog
      open={open}
      title={t('account.secondFactor.newCodes')}
      text={t('account.secondFactor.newCodesText')}
      codeLabel={t('account.secondFactor.code')}
      inputMode="numeric"
      submitLabel={t('account.secondFactor.newCodesSubmit')}
      pending={create.isPending}
      error={create.error}
      onSubmit={(proof) => create.mutateAsync(proof)}
      onClose={onClose}
      onExited={() => create.reset()}
      result={
        codes && (
          <RecoveryCodeList
            codes={codes}
            intro={t('account.secondFactor.newCodesDone')}
            downloadLabel={t('account.secondFactor.download')}
            onDownload={() => download(codes)}
          />
        )
      }
    />
  )
}

/**
 * Turns the second factor off with a code from the app or a recovery code. Where the customer
 * requires one, the dialog says so, and the set-up follows at once.
 */
function DisableDialog({
  open,
  required,
  onClose,
  onTurnedOff,
}: {
  open: boolean
  required: boolean
  onClose: () => void
  onTurnedOff: () => void
}) {
  const { t } = useTranslation()
  const disable = useDisableSecondFactor()
  return (
    <CodeDialog
      open={open}
      title={t('account.secondFactor.disableTitle')}
      text={t('account.secondFactor.disableText')}
      more={required ? t('account.secondFactor.disableRequired') : undefined}
      codeLabel={t('account.secondFactor.disableCode')}
      inputMode="text"
      submitLabel={t('account.secondFactor.disableSubmit')}
      pending={disable.isPending}
      error={disable.error}
      onSubmit={async (proof) => {
        await disable.mutateAsync(proof)
        // the server refuses everything else now: the set-up, and back here after it
        if (required) window.location.assign(SET_UP_PATH)
        else onTurnedOff()
      }}
      onClose={onClose}
      onExited={() => disable.reset()}
    />
  )
}

/** The codes shown once, with their download; the intro takes the focus as they appear. */
function RecoveryCodeList({
  codes,
  intro,
  downloadLabel,
  onDownload,
}: {
  codes: string[]
  intro: string
  downloadLabel: string
  onDownload: () => void
}) {
  const text = useRef<HTMLParagraphElement>(null)
  useEffect(() => text.current?.focus(), [])
  return (
    <Stack spacing={2}>
      <DialogContentText ref={text} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
        {intro}
      </DialogContentText>
      <Box
        component="ol"
        sx={{
          m: 0,
          pl: 4,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
          columnGap: 3,
          rowGap: 0.5,
          fontFamily: 'ui-monospace, "Roboto Mono", Menlo, Consolas, monospace',
          letterSpacing: '0.05em',
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </Box>
      <Button variant="outlined" onClick={onDownload} sx={{ alignSelf: 'flex-start' }}>
        {downloadLabel}
      </Button>
    </Stack>
  )
}

const PROOF_FIELDS = ['currentPassword', 'code'] as const

/**
 * A dialog that asks for the current password and a code and sends them: named by its title,
 * described by its text, the fields labelled, the server's message about either at its field
 * (focused again), any other failure above them. Enter sends. While the request runs it cannot be
 * closed; once `result` is there it shows that instead, with "Schließen". Every opening starts with
 * empty fields.
 */
function CodeDialog({
  open,
  title,
  text,
  more,
  codeLabel,
  inputMode,
  submitLabel,
  pending,
  error,
  result,
  onSubmit,
  onClose,
  onExited,
}: {
  open: boolean
  title: string
  text: string
  more?: string
  codeLabel: string
  inputMode: 'numeric' | 'text'
  submitLabel: string
  pending: boolean
  error: unknown
  result?: ReactNode
  onSubmit: (proof: SecondFactorProof) => Promise<unknown>
  onClose: () => void
  /** After the dialog has faded out: the request's state is forgotten then, not before. */
  onExited: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const textId = useId()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState(false)
  const passwordInput = useRef<HTMLInputElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const atField = fieldErrorOf(error, PROOF_FIELDS)
  const fieldName = atField?.field
  useLeaveGuard(open && !result && (password !== '' || code !== ''))
  // a refused password or code is typed again: its field takes the focus with its message
  useEffect(() => {
    if (fieldName === 'currentPassword') passwordInput.current?.focus()
    else if (fieldName === 'code') input.current?.focus()
  }, [error, fieldName])

  const close = () => {
    if (!pending) onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setChecked(true)
    const typed = inputMode === 'numeric' ? code.replace(/\s/g, '') : code.trim()
    if (password === '') {
      passwordInput.current?.focus()
      return
    }
    if (typed === '') {
      input.current?.focus()
      return
    }
    // the failure is the request's state, shown here
    onSubmit({ currentPassword: password, code: typed }).catch(() => undefined)
  }
  const passwordProblem =
    checked && password === ''
      ? REQUIRED_MESSAGE
      : fieldName === 'currentPassword'
        ? atField?.message
        : undefined
  const problem =
    checked && code.trim() === ''
      ? REQUIRED_MESSAGE
      : fieldName === 'code'
        ? atField?.message
        : undefined
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{
        transition: {
          onEntered: () => passwordInput.current?.focus(),
          onExited: () => {
            setPassword('')
            setCode('')
            setChecked(false)
            onExited()
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {result ? (
        <>
          <DialogContent id={textId}>{result}</DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
          {/* right below the title, as MUI spaces a content that follows its title directly */}
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              <div id={textId}>
                <DialogContentText>{text}</DialogContentText>
                {more && <DialogContentText sx={{ mt: 1 }}>{more}</DialogContentText>}
              </div>
              {error !== null && !atField && <ErrorNotice error={error} />}
              <PasswordField
                ref={passwordInput}
                label={t('account.secondFactor.currentPassword')}
                name="currentPassword"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                required
                error={Boolean(passwordProblem)}
                helperText={passwordProblem}
              />
              <OutlinedField
                ref={input}
                label={codeLabel}
                name="code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode={inputMode}
                required
                error={Boolean(problem)}
                helperText={problem}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={pending}>
              {submitLabel}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  )
}

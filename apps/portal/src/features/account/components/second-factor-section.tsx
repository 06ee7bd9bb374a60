import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatDate } from '@portal/domain'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../../components/error-notice'
import '../../../components/second-factor/texts'
import { useSecondFactorStatus } from '../api/second-factor'
import { AccountSection } from './account-section'
import { DisableDialog, NewRecoveryCodesDialog } from './second-factor-changes'
import { SetUpDialog } from './second-factor-set-up-dialog'

/**
 * "Zwei-Faktor-Anmeldung": whether the user has a second factor, and what to do about it: set it
 * up (in a dialog inside the app shell, which asks for the password first), make new recovery
 * codes, or turn it off. Both changes ask for the current password and a current code in a
 * dialog first (decision 040); where the customer requires a second factor, turning it off leads
 * straight to setting it up again.
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
  const close = () => setDialog(null)

  const state = status.data
  return (
    <AccountSection
      id="second-factor-title"
      title={t('secondFactor.account.title')}
      intro={t('secondFactor.account.intro')}
      headingRef={heading}
    >
      {turnedOff && (
        <Alert severity="success" role="status">
          {t('secondFactor.account.disabled')}
        </Alert>
      )}
      {status.isError && <ErrorNotice error={status.error} />}
      {status.isPending && <Typography>{t('common.loading')}</Typography>}
      {state && (
        <Box>
          {state.enabled ? (
            <>
              <Typography>
                {t('secondFactor.account.enabledSince', { date: formatDate(state.enabledAt) })}
              </Typography>
              <Typography>
                {t('secondFactor.account.codesLeft', { count: state.recoveryCodesLeft })}
              </Typography>
            </>
          ) : (
            <Typography>{t('secondFactor.account.notEnabled')}</Typography>
          )}
          {state.required && <Typography>{t('secondFactor.account.required')}</Typography>}
        </Box>
      )}
      {state && !state.enabled && (
        <Button
          variant="contained"
          onClick={() => setDialog('setUp')}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('secondFactor.setUp.title')}
        </Button>
      )}
      {state?.enabled && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <Button variant="outlined" onClick={() => setDialog('codes')}>
            {t('secondFactor.account.newCodes')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
            {t('secondFactor.account.disable')}
          </Button>
        </Stack>
      )}
      <SetUpDialog
        open={dialog === 'setUp'}
        onClose={close}
        // once it is set up, the button that opened the dialog is gone: the heading takes the focus
        onDone={() => heading.current?.focus()}
      />
      <NewRecoveryCodesDialog open={dialog === 'codes'} onClose={close} />
      <DisableDialog
        open={dialog === 'disable'}
        required={state?.required ?? false}
        onClose={close}
        onTurnedOff={() => {
          setDialog(null)
          setTurnedOff(true)
        }}
      />
    </AccountSection>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import type { ResidentInvitations } from '@portal/domain'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { VisuallyHidden } from '../../../components/kit/visually-hidden'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useInviteResidents } from '../api/invite-residents'
import { useDownloadResidentLetters } from '../api/resident-letters'
import '../locales'

/**
 * What the invitations came to, and the letters to download. The first line takes the focus as it
 * appears: the button that was pressed is gone, and a screen reader reads the counts from there.
 */
function Outcome({
  connection,
  invitations,
  textId,
  onClose,
}: {
  connection: string
  invitations: ResidentInvitations
  textId: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const first = useRef<HTMLParagraphElement>(null)
  const download = useDownloadResidentLetters(connection)
  useEffect(() => first.current?.focus(), [])
  const { mailed, letters, registered, batch } = invitations
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <div id={textId}>
            <DialogContentText ref={first} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
              {mailed + letters > 0
                ? t('residentInvitations.done')
                : t('residentInvitations.nobody')}
            </DialogContentText>
            <Box component="ul" sx={{ my: 1, pl: 3 }}>
              <li>{t('residentInvitations.result.mailed', { count: mailed })}</li>
              <li>{t('residentInvitations.result.letters', { count: letters })}</li>
              <li>{t('residentInvitations.result.registered', { count: registered })}</li>
            </Box>
            {letters > 0 && (
              <DialogContentText>{t('residentInvitations.lettersHint')}</DialogContentText>
            )}
          </div>
          <MutationOutcome error={download.error} />
          <VisuallyHidden role="status" aria-live="polite">
            {download.isSuccess ? t('residentInvitations.downloadStarted') : ''}
          </VisuallyHidden>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {letters > 0 && (
          <Button
            variant="contained"
            loading={download.isPending}
            onClick={() => download.mutate(batch)}
          >
            {t('residentInvitations.download')}
          </Button>
        )}
      </DialogActions>
    </>
  )
}

/**
 * Decision 065, "Bewohner einladen": says what the invitations do, creates them once (a double
 * click or a retry after an error sends the same Idempotency-Key, so the server makes one batch),
 * then shows how many went by mail, how many letters there are to print and who has an account.
 */
export function ResidentInvitationsDialog({
  connection,
  onClose,
}: {
  connection: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const textId = useId()
  const invite = useInviteResidents(connection)
  // the button is disabled only after the next render; this guards the clicks before it
  const sending = useRef(false)
  const create = () => {
    if (sending.current) return
    sending.current = true
    invite.mutate(undefined, {
      onSettled: () => {
        sending.current = false
      },
    })
  }
  // closed while the server works, the dialog would lose the batch and with it its letters
  const close = () => {
    if (!invite.isPending && !sending.current) onClose()
  }
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('residentInvitations.title')}</DialogTitle>
      {invite.data ? (
        <Outcome
          connection={connection}
          invitations={invite.data}
          textId={textId}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText id={textId}>{t('residentInvitations.text')}</DialogContentText>
              <MutationOutcome error={invite.error} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={invite.isPending}>
              {t('common.cancel')}
            </Button>
            <Button variant="contained" loading={invite.isPending} onClick={create}>
              {t('residentInvitations.submit')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { NoticeChannelSchema, type NoticeChannel } from '@portal/domain'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useSaveNoticeChannel } from '../api/notice-channel'
import { useResidentTenancy } from '../api/tenancy'
import '../locales'

/**
 * "Benachrichtigung" (decision 065): whether the resident learns of a new month by an e-mail
 * notice or by letter, saved when he says so. Without an e-mail address the server refuses the
 * e-mail and says why (MAIL_NEEDED); the choice shown goes back to the one saved.
 */
export function NoticeChannelSection() {
  const { t } = useTranslation()
  const tenancy = useResidentTenancy()
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="notice-channel-title"
      sx={{ p: 2 }}
    >
      <Typography variant="h5" component="h2" id="notice-channel-title" gutterBottom>
        {t('residents.noticeChannel.title')}
      </Typography>
      {tenancy.data && <NoticeChannelForm saved={tenancy.data.noticeChannel} />}
    </Paper>
  )
}

function NoticeChannelForm({ saved }: { saved: NoticeChannel }) {
  const { t } = useTranslation()
  const save = useSaveNoticeChannel()
  /** The user's choice not yet saved; none: the saved one is shown. */
  const [choice, setChoice] = useState<NoticeChannel | null>(null)
  const shown = choice ?? saved
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(shown, {
      onSuccess: () => setChoice(null),
      onError: () => setChoice(null),
    })
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <MutationOutcome
        success={
          save.isSuccess
            ? t('residents.noticeChannel.saved', {
                channel: t(`residents.noticeChannel.${save.data}`),
              })
            : null
        }
        error={save.error}
      />
      {/* the browser's own radio buttons in the theme's colour: MUI's radio shares a chunk with
          the tenant change dialog, which this page would split, costing the cost allocation and
          unit pages a file more (0.4 kB) */}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" sx={{ p: 0, mb: 1 }}>
          {t('residents.noticeChannel.intro')}
        </Typography>
        {NoticeChannelSchema.options.map((channel) => (
          <Box
            component="label"
            key={channel}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 44 }}
          >
            <Box
              component="input"
              type="radio"
              name="noticeChannel"
              value={channel}
              checked={shown === channel}
              onChange={() => {
                setChoice(channel)
                save.reset()
              }}
              sx={{
                width: 20,
                height: 20,
                m: 0,
                accentColor: (theme) => theme.palette.primary.main,
              }}
            />
            <Typography component="span">{t(`residents.noticeChannel.${channel}`)}</Typography>
          </Box>
        ))}
      </Box>
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('common.save')}
      </Button>
    </Stack>
  )
}

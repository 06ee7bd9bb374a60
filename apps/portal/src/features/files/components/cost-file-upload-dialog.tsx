import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  FILE_EMPTY_MESSAGE,
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT,
  UPLOAD_NOTE_MAX_LENGTH,
} from '@portal/domain'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { fieldErrorOf } from '../../../lib/form-errors'
import { useUploadFile } from '../api/attachments'
import '../locales'

const kilobytes = (bytes: number) =>
  `${new Intl.NumberFormat('de-DE').format(Math.ceil(bytes / 1024))} kB`

/** §2 CostFileUpload: choose a file (message when none), note, progress while uploading. */
export function CostFileUploadDialog({
  distribution,
  onClose,
}: {
  distribution: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const upload = useUploadFile(distribution)

  const submit = () => {
    if (!file) return setProblem(FILE_REQUIRED_MESSAGE)
    if (file.size === 0) return setProblem(FILE_EMPTY_MESSAGE)
    if (file.size > MAX_UPLOAD_BYTES) return setProblem(FILE_TOO_LARGE_MESSAGE)
    setProblem(null)
    upload.mutate({ file, note, onProgress: setProgress })
  }
  const percent = Math.round(progress * 100)
  // the server's message about the note goes to the note; every other one to the notice below
  const noteError = fieldErrorOf(upload.error, ['note'])?.message
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('files.upload.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
            }}
          >
            {t('files.upload.hint')}
          </Typography>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            hidden
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              setProblem(null)
              upload.reset()
            }}
          />
          <Stack
            direction="row"
            spacing={2}
            sx={{
              alignItems: 'center',
            }}
          >
            <Button variant="outlined" onClick={() => input.current?.click()}>
              {t('files.upload.choose')}
            </Button>
            <Typography aria-live="polite">
              {file
                ? t('files.upload.chosen', { name: file.name, size: kilobytes(file.size) })
                : t('files.upload.none')}
            </Typography>
          </Stack>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          <TextField
            label={t('files.upload.note')}
            value={note}
            onChange={(event) => {
              setNote(event.target.value)
              if (noteError) upload.reset()
            }}
            error={Boolean(noteError)}
            helperText={noteError}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: UPLOAD_NOTE_MAX_LENGTH } }}
          />
          {upload.isPending && (
            <Stack spacing={0.5}>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={t('files.upload.progress', { percent })}
              />
              <Typography variant="body2" role="status">
                {t('files.upload.progress', { percent })}
              </Typography>
            </Stack>
          )}
          <MutationOutcome
            success={upload.isSuccess ? t('files.upload.done') : null}
            error={noteError ? null : upload.error}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          loading={upload.isPending}
          disabled={upload.isSuccess}
        >
          {t('files.upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

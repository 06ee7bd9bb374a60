import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FILE_EMPTY_MESSAGE, FILE_TOO_LARGE_MESSAGE } from '@portal/domain'
import { useRef, useState } from 'react'
import { Alert } from './kit/alert'

/**
 * A file chosen with a button (the input itself hidden), the chosen file's name announced, and an
 * empty or too large file refused at once, before anything is sent. `onChoose` gets the file, or
 * null when none is chosen or the chosen one is refused.
 */
export function FileChoice({
  accept,
  maxBytes,
  labels,
  onChoose,
}: {
  accept: string
  maxBytes: number
  labels: { choose: string; chosen: (name: string) => string; none: string }
  onChoose: (file: File | null) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [name, setName] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const choose = (chosen: File | null) => {
    setName(chosen?.name ?? null)
    const refusal =
      chosen === null
        ? null
        : chosen.size === 0
          ? FILE_EMPTY_MESSAGE
          : chosen.size > maxBytes
            ? FILE_TOO_LARGE_MESSAGE
            : null
    setProblem(refusal)
    onChoose(refusal === null ? chosen : null)
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {labels.choose}
        </Button>
        <Typography aria-live="polite">{name ? labels.chosen(name) : labels.none}</Typography>
      </Stack>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </>
  )
}

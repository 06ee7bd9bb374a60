import CircularProgress from '@mui/material/CircularProgress'
import Container from '@mui/material/Container'

/** Shown while a screen's code loads. */
export function ScreenLoading() {
  return (
    <Container sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label="Wird geladen" />
    </Container>
  )
}

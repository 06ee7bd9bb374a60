import { GENERIC_ERROR_MESSAGE } from '@portal/domain'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'

/** A screen that failed to load (a new deployment, a lost connection): offer a reload. */
export function RouteError() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            Neu laden
          </Button>
        }
      >
        {GENERIC_ERROR_MESSAGE}. Bitte laden Sie die Seite neu.
      </Alert>
    </Container>
  )
}

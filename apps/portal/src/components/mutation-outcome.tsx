import Alert from '@mui/material/Alert'
import { ErrorNotice } from './error-notice'

/** What a form's submission came to: the success message, or the error with the server's detail. */
export function MutationOutcome({ success, error }: { success?: string | null; error: unknown }) {
  if (success) {
    return (
      <Alert severity="success" role="status">
        {success}
      </Alert>
    )
  }
  return error ? <ErrorNotice error={error} showDetail /> : null
}

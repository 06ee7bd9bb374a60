import { ErrorNotice } from './error-notice'
import { Alert } from './kit/alert'

/**
 * What a form's submission came to: the success message, or the error as ErrorNotice shows it (a
 * form passes only what none of its fields shows, see lib/form-errors).
 */
export function MutationOutcome({ success, error }: { success?: string | null; error: unknown }) {
  if (success) {
    return (
      <Alert severity="success" role="status">
        {success}
      </Alert>
    )
  }
  return error ? <ErrorNotice error={error} /> : null
}

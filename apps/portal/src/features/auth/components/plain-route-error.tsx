import { GENERIC_ERROR_MESSAGE } from '@portal/domain'
import { PlainAlert } from './plain-alert'

/**
 * A screen that failed to load (a new deployment, a lost connection): offer a reload. Plain, in
 * the entry: it must show when the code that failed to load is MUI's.
 */
export function PlainRouteError() {
  return (
    <div className="auth-route-error">
      <PlainAlert
        severity="error"
        role="alert"
        action={
          <button
            type="button"
            className="auth-button auth-button--text"
            onClick={() => window.location.reload()}
          >
            Neu laden
          </button>
        }
      >
        {GENERIC_ERROR_MESSAGE}. Bitte laden Sie die Seite neu.
      </PlainAlert>
    </div>
  )
}

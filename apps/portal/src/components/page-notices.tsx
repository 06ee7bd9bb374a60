import { GENERIC_ERROR_MESSAGE } from '@portal/domain'
import { useState } from 'react'
import { takeSessionMessage } from '../lib/session'
import { Alert } from './kit/alert'

/*
 * The notices a page shows above its content, without MUI: one module, which the router's entry
 * loads for the first, so that the second costs the sign-in no request and no chunk of its own.
 */

/**
 * A screen that failed to load (a new deployment, a lost connection): offer a reload. It must
 * show when the code that failed to load is MUI's.
 */
export function RouteError() {
  return (
    <div className="kit-route-error">
      <Alert
        severity="error"
        role="alert"
        action={
          <button
            type="button"
            className="kit-button kit-button--text"
            onClick={() => window.location.reload()}
          >
            Neu laden
          </button>
        }
      >
        {GENERIC_ERROR_MESSAGE}. Bitte laden Sie die Seite neu.
      </Alert>
    </div>
  )
}

/** §4: the message left for this page load (after a logout), error or info. */
export function SessionMessage() {
  const [message, setMessage] = useState(takeSessionMessage)
  if (!message) return null
  return (
    <Alert
      severity={message.type}
      role={message.type === 'error' ? 'alert' : 'status'}
      className="kit-session-message"
      onClose={() => setMessage(null)}
    >
      {message.message}
    </Alert>
  )
}

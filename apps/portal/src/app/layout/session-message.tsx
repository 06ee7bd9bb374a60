import Alert from '@mui/material/Alert'
import { useState } from 'react'
import { takeSessionMessage } from '../../lib/session'

/** §4: the message left for this page load (after a logout), error or info. */
export function SessionMessage() {
  const [message, setMessage] = useState(takeSessionMessage)
  if (!message) return null
  return (
    <Alert
      severity={message.type}
      role={message.type === 'error' ? 'alert' : 'status'}
      onClose={() => setMessage(null)}
      sx={{ mb: 2 }}
    >
      {message.message}
    </Alert>
  )
}

import type { ReactNode } from 'react'
import { Icon, IconButton } from './icon-button'

type Severity = 'error' | 'info' | 'success'

/** The outlined icons MUI's alert shows per severity (Material Icons). */
const ICON_PATHS: Record<Severity, string> = {
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  info: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z',
  success:
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
}
const CLOSE_PATH =
  'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z'
/** MUI's German text of the alert's close button (deDE), which the portal has always shown. */
const CLOSE_TEXT = 'Schließen'

/**
 * An alert as MUI's standard alert draws it: icon, optional title, message, optional close
 * button. The role is the caller's: `alert` for what went wrong, `status` for news.
 */
export function Alert({
  severity,
  role,
  title,
  action,
  onClose,
  className,
  children,
}: {
  severity: Severity
  role: 'alert' | 'status'
  title?: ReactNode
  /** A control at the end of the alert (a reload button); `onClose` puts a close button there. */
  action?: ReactNode
  onClose?: () => void
  /** Where the alert stands: its margins (the session message keeps room below it). */
  className?: string
  children?: ReactNode
}) {
  return (
    <div
      className={['kit-alert', `kit-alert--${severity}`, className].filter(Boolean).join(' ')}
      role={role}
    >
      <div className="kit-alert__icon">
        <Icon path={ICON_PATHS[severity]} />
      </div>
      <div className="kit-alert__message">
        {title !== undefined && <div className="kit-alert__title">{title}</div>}
        {children}
      </div>
      {(action ?? onClose) && (
        <div className="kit-alert__action">
          {action ??
            (onClose && (
              <IconButton
                label={CLOSE_TEXT}
                title={CLOSE_TEXT}
                path={CLOSE_PATH}
                size="small"
                onClick={onClose}
              />
            ))}
        </div>
      )}
    </div>
  )
}

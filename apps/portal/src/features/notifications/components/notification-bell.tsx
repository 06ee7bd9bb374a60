import NotificationsIcon from '@mui/icons-material/Notifications'
import Badge from '@mui/material/Badge'
import IconButton from '@mui/material/IconButton'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { useUnreadCount } from '../api/notifications'
import '../locales'

/** The badge shows at most this number, then '99+'. */
export const MAX_BADGE_COUNT = 99

/**
 * The app bar's way to the notifications. The badge counts the unread ones; the link's name says
 * how many and holds the badge's visible text ('5', '99+'), so that speech input finds it (WCAG
 * 2.5.3) and a screen reader hears the count.
 */
export function NotificationBell() {
  const { t } = useTranslation()
  const unread = useUnreadCount()
  const shown = unread > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : String(unread)
  return (
    <IconButton
      color="inherit"
      component={NavLink}
      to="/notifications"
      aria-label={
        unread === 0 ? t('notifications.openNone') : t('notifications.open', { unread: shown })
      }
    >
      {/* no badge at all for none: a hidden one would still hold the last count as text */}
      {unread > 0 ? (
        <Badge badgeContent={unread} max={MAX_BADGE_COUNT} color="secondary">
          <NotificationsIcon />
        </Badge>
      ) : (
        <NotificationsIcon />
      )}
    </IconButton>
  )
}

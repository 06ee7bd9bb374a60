import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import { formatDate } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PageTitle } from '../../components/page-title'
import { PanelState } from '../../components/panel-state'
import { useNotifications } from './api/notifications'

/** §1 Notification screen: tenant changes and their state, released distributions, approvals due. */
export function Component() {
  const { t } = useTranslation()
  const notifications = useNotifications()
  return (
    <>
      <PageTitle documentTitle={t('notifications.title')}>{t('notifications.title')}</PageTitle>
      <PanelState
        loading={notifications.isPending}
        error={notifications.error}
        empty={!notifications.data?.length}
      >
        <Paper variant="outlined">
          <List>
            {notifications.data?.map((n) => (
              <ListItem key={n.id} divider>
                <ListItemText
                  primary={n.title}
                  secondary={
                    <>
                      {formatDate(n.date)} · {n.text}
                      {n.link && (
                        <>
                          {' · '}
                          <Link component={RouterLink} to={n.link}>
                            {t('notifications.show')}
                          </Link>
                        </>
                      )}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      </PanelState>
    </>
  )
}

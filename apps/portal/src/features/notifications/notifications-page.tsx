import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import { formatDate } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemPages, useItemPage } from '../../components/item-pages'
import { PageTitle } from '../../components/page-title'
import { PanelState } from '../../components/panel-state'
import { useNotifications } from './api/notifications'

/** Notices on one page: a property manager of a large customer may have hundreds. */
const NOTIFICATIONS_PER_PAGE = 20

/** §1 Notification screen: tenant changes and their state, released distributions, approvals due. */
export function Component() {
  const { t } = useTranslation()
  const notifications = useNotifications()
  const { page, pages, setPage, shown } = useItemPage(
    notifications.data ?? [],
    NOTIFICATIONS_PER_PAGE,
  )
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
            {shown.map((n) => (
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
        <Box sx={{ mt: 2 }}>
          <ItemPages label={t('notifications.pages')} page={page} pages={pages} setPage={setPage} />
        </Box>
      </PanelState>
    </>
  )
}

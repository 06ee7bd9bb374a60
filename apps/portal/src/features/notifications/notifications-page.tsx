import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatDate, type Notification } from '@portal/domain'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ErrorNotice } from '../../components/error-notice'
import { ItemPages, useItemPage } from '../../components/item-pages'
import { PageTitle } from '../../components/kit/page-title'
import { PanelState } from '../../components/panel-state'
import { useMarkNotificationsRead, useNotifications } from './api/notifications'
import './locales'

/** Notices on one page: a property manager of a large customer may have hundreds. */
export const NOTIFICATIONS_PER_PAGE = 20

/** Where a notification belongs: the property by its address (its name is often a person's), a tenant change's unit. */
function Place({ notification }: { notification: Notification }) {
  const { t } = useTranslation()
  const { property, unit } = notification
  return (
    <>
      {property && (
        <Typography
          component="span"
          variant="body2"
          sx={{
            display: 'block',
          }}
        >
          {t('notifications.property', { address: property.address })}
        </Typography>
      )}
      {unit && (
        <Typography
          component="span"
          variant="body2"
          sx={{
            display: 'block',
          }}
        >
          {t('notifications.unit', {
            unit: [unit.reference, unit.location, unit.address].filter(Boolean).join(' · '),
          })}
        </Typography>
      )}
    </>
  )
}

/**
 * The notifications, a page at a time. What is shown is marked read (decision 023); what was
 * unread when the list opened keeps its "Neu" mark for this visit, so the user still sees what
 * is new after the badge has cleared.
 */
function NotificationList({ items }: { items: Notification[] }) {
  const { t } = useTranslation()
  const { page, pages, setPage, shown } = useItemPage(items, NOTIFICATIONS_PER_PAGE)
  const [unreadAtOpen] = useState(() => new Set(items.filter((n) => !n.read).map((n) => n.id)))
  const mark = useMarkNotificationsRead()
  const { mutate } = mark
  const [allRead, setAllRead] = useState(false)
  const allReadStatus = useRef<HTMLElement>(null)

  const unreadShown = shown.filter((n) => !n.read).map((n) => n.id)
  const unreadShownKey = unreadShown.join('\n')
  useEffect(() => {
    if (unreadShownKey) mutate({ ids: unreadShownKey.split('\n') })
  }, [unreadShownKey, mutate])

  const unreadElsewhere = items.some((n) => !n.read && !unreadShown.includes(n.id))
  return (
    <>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{
          alignItems: 'center',
          flexWrap: 'wrap',
          mb: 2,
        }}
      >
        {unreadElsewhere && (
          <Button
            variant="outlined"
            disabled={mark.isPending}
            onClick={() =>
              mutate(
                { all: true },
                {
                  onSuccess: () => {
                    setAllRead(true)
                    allReadStatus.current?.focus()
                  },
                },
              )
            }
          >
            {t('notifications.markAll')}
          </Button>
        )}
        <Typography role="status" ref={allReadStatus} tabIndex={-1}>
          {allRead ? t('notifications.allRead') : ''}
        </Typography>
      </Stack>
      {mark.isError && <ErrorNotice error={mark.error} />}
      <Paper variant="outlined">
        <List>
          {shown.map((n) => (
            <ListItem key={n.id} divider alignItems="flex-start">
              <ListItemText
                primary={
                  <>
                    {(!n.read || unreadAtOpen.has(n.id)) && (
                      <Chip
                        component="span"
                        size="small"
                        color="primary"
                        label={t('notifications.new')}
                        sx={{ mr: 1 }}
                      />
                    )}
                    {n.title}
                  </>
                }
                secondary={
                  <>
                    <Place notification={n} />
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{
                        display: 'block',
                      }}
                    >
                      {formatDate(n.date)} · {n.text}
                      {n.link && (
                        <>
                          {' · '}
                          <Link component={RouterLink} to={n.link}>
                            {t('notifications.show')}
                          </Link>
                        </>
                      )}
                    </Typography>
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
    </>
  )
}

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
        <NotificationList items={notifications.data ?? []} />
      </PanelState>
    </>
  )
}

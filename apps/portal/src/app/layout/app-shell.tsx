import AccountCircle from '@mui/icons-material/AccountCircle'
import DashboardIcon from '@mui/icons-material/Dashboard'
import HelpOutline from '@mui/icons-material/HelpOutline'
import HomeWork from '@mui/icons-material/HomeWork'
import MenuIcon from '@mui/icons-material/Menu'
import NotificationsIcon from '@mui/icons-material/Notifications'
import Person from '@mui/icons-material/Person'
import AppBar from '@mui/material/AppBar'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Toolbar from '@mui/material/Toolbar'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { QueryProvider } from '../../components/query-provider'
import { logout } from '../../features/auth/api/logout'
import { useNotifications } from '../../features/notifications/api/notifications'
import { getUser } from '../../lib/session'
import { Brand } from './brand'
import { Footer } from './footer'
import { SessionMessage } from './session-message'

const DRAWER_WIDTH = 240

const NAVIGATION: { to: string; key: string; icon: ReactNode }[] = [
  { to: '/dashboard', key: 'dashboard', icon: <DashboardIcon /> },
  { to: '/properties', key: 'properties', icon: <HomeWork /> },
  { to: '/faq', key: 'faq', icon: <HelpOutline /> },
  { to: '/account', key: 'account', icon: <Person /> },
]

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  return (
    <Box component="nav" aria-label={t('layout.nav.label')}>
      <List>
        {NAVIGATION.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={t(`layout.nav.${item.key}`)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  )
}

function NotificationBell() {
  const { t } = useTranslation()
  const count = useNotifications().data?.length ?? 0
  return (
    <IconButton
      color="inherit"
      component={NavLink}
      to="/notifications"
      aria-label={t('notifications.open', { count })}
    >
      <Badge badgeContent={count} color="secondary">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  )
}

function UserMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const user = getUser()
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={t('layout.userMenu.open')}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {user?.name}
        </Box>
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null)
            void navigate('/account')
          }}
        >
          {t('layout.userMenu.profile')}
        </MenuItem>
        <MenuItem onClick={() => void logout()}>{t('layout.userMenu.logout')}</MenuItem>
      </Menu>
    </>
  )
}

/** The signed-in shell with the query cache its screens load their data through. */
export function AppShell() {
  return (
    <QueryProvider>
      <AppShellLayout />
    </QueryProvider>
  )
}

/** §1 layout shell: app bar, navigation (a drawer below lg, §9), user menu, footer. */
function AppShellLayout() {
  const { t } = useTranslation()
  const theme = useTheme()
  const desktop = useMediaQuery(theme.breakpoints.up('lg'))
  const [open, setOpen] = useState(false)
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: (z) => z.zIndex.tooltip,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper', color: 'text.primary' },
        }}
      >
        {t('layout.skipToContent')}
      </Box>
      <AppBar position="fixed" elevation={0} sx={{ zIndex: (z) => z.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!desktop && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('layout.nav.open')}
              aria-expanded={open}
              onClick={() => setOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Brand to="/dashboard" />
          <Box sx={{ flex: 1 }} />
          <NotificationBell />
          <UserMenu />
        </Toolbar>
      </AppBar>
      {desktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Toolbar />
          <Navigation />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Navigation onNavigate={() => setOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
          <SessionMessage />
          <Outlet />
        </Box>
        <Footer />
      </Box>
    </Box>
  )
}

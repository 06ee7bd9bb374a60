import AccountCircle from '@mui/icons-material/AccountCircle'
import Assignment from '@mui/icons-material/Assignment'
import DashboardIcon from '@mui/icons-material/Dashboard'
import HelpOutlined from '@mui/icons-material/HelpOutlined'
import HomeWork from '@mui/icons-material/HomeWork'
import MenuIcon from '@mui/icons-material/Menu'
import NotificationImportant from '@mui/icons-material/NotificationImportant'
import Person from '@mui/icons-material/Person'
import AppBar from '@mui/material/AppBar'
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
import { LeaveGuard } from '../../components/leave-guard-outlet'
import { QueryProvider } from '../../components/query-provider'
import { logout } from '../../features/auth/api/logout'
import { NotificationBell } from '../../features/notifications/components/notification-bell'
import { getUser, isResident } from '../../lib/session'
import { Brand } from './brand'
import { Footer } from './footer'
import { SessionMessage } from '../../components/page-notices'

const DRAWER_WIDTH = 240

const NAVIGATION: { to: string; key: string; icon: ReactNode }[] = [
  { to: '/dashboard', key: 'dashboard', icon: <DashboardIcon /> },
  { to: '/properties', key: 'properties', icon: <HomeWork /> },
  { to: '/orders', key: 'orders', icon: <Assignment /> },
  { to: '/alarms', key: 'alarms', icon: <NotificationImportant /> },
  { to: '/faq', key: 'faq', icon: <HelpOutlined /> },
  { to: '/account', key: 'account', icon: <Person /> },
]

/** The manager's pages: a resident has no property, orders or alarms (decision 065). */
const MANAGER_ONLY = new Set(['properties', 'orders', 'alarms'])

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  // decision 065: a resident's start page is his own monthly information; no property is his
  const resident = isResident()
  return (
    <Box component="nav" aria-label={t('layout.nav.label')}>
      <List>
        {NAVIGATION.filter((item) => !resident || !MANAGER_ONLY.has(item.key)).map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText
                primary={t(
                  `layout.nav.${resident && item.key === 'dashboard' ? 'residentDashboard' : item.key}`,
                )}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  )
}

/**
 * The user's menu. It opens inside the app bar (`container`), so that its items lie in the banner
 * landmark like the button that opened them, not loose at the end of the page.
 */
function UserMenu({ container }: { container: HTMLElement | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const user = getUser()
  return (
    <>
      {/* the name it shows starts its accessible name: speech users say what they see */}
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={
          user?.name ? t('layout.userMenu.label', { name: user.name }) : t('layout.userMenu.open')
        }
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          textTransform: 'none',
          flexShrink: 0,
          // below md only the icon: the application title needs the room
          minWidth: { xs: 0, md: 64 },
          '& .MuiButton-startIcon': { ml: { xs: 0, md: -0.5 }, mr: { xs: 0, md: 1 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {user?.name}
        </Box>
      </Button>
      <Menu
        id="user-menu"
        container={container}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
      >
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
  const [banner, setBanner] = useState<HTMLElement | null>(null)
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', minWidth: 0 }}>
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
      {/* above the side menu beside it; the drawer of small screens covers it like any dialog */}
      <AppBar
        ref={setBanner}
        position="fixed"
        elevation={0}
        sx={{ zIndex: (z) => (desktop ? z.zIndex.drawer + 1 : z.zIndex.appBar) }}
      >
        <Toolbar sx={{ gap: 1, px: { xs: 0.5, sm: 1.5, lg: 3 } }}>
          {!desktop && (
            <IconButton
              color="inherit"
              aria-label={t('layout.nav.open')}
              aria-expanded={open}
              onClick={() => setOpen(true)}
              sx={{ flexShrink: 0 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
            <Brand to="/dashboard" />
          </Box>
          {/* a resident has no notifications: their routes answer him 404 (decision 065) */}
          {!isResident() && <NotificationBell />}
          <UserMenu container={banner} />
        </Toolbar>
      </AppBar>
      {desktop ? (
        // the docked column is as tall as the page and white to its end; the menu in it stays
        // in view while the page scrolls
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            '& .MuiDrawer-paper': {
              width: '100%',
              position: 'sticky',
              top: 0,
              height: '100vh',
              flex: 'none',
              borderRight: 0,
            },
          }}
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
          slotProps={{ paper: { 'aria-label': t('layout.nav.dialog') } }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw' } }}
        >
          <Navigation onNavigate={() => setOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}
        >
          <SessionMessage />
          <Outlet />
          <LeaveGuard />
        </Box>
        <Footer />
      </Box>
    </Box>
  )
}

import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Toolbar from '@mui/material/Toolbar'
import { Outlet } from 'react-router'
import { Brand } from './brand'
import { Footer } from './footer'
import { SessionMessage } from '../../components/page-notices'

/** The frame of the screens reachable while signed out: sign-in and the legal notices. */
export function PublicShell() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="primary" elevation={0}>
        <Toolbar>
          <Brand to="/authenticate" />
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" sx={{ flex: 1, py: 3 }}>
        <SessionMessage />
        <Outlet />
      </Container>
      <Footer />
    </Box>
  )
}

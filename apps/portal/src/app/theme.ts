import { BREAKPOINTS, SELECT_MENU_MAX_HEIGHT, type CustomerConfig } from '@portal/domain'
import { createTheme } from '@mui/material/styles'
import { deDE } from '@mui/material/locale'

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true
  }
}

/** The MUI theme: the customer's colours and the breakpoints of §9. */
export function createPortalTheme(config: CustomerConfig) {
  return createTheme(
    {
      breakpoints: { values: { xs: 0, ...BREAKPOINTS } },
      palette: {
        // WCAG AA: MUI picks white or dark text on a colour by this contrast ratio
        contrastThreshold: 4.5,
        primary: { main: config.theme.primary },
        secondary: { main: config.theme.secondary },
        ...(config.theme.background ? { background: { default: config.theme.background } } : {}),
      },
      shape: { borderRadius: 8 },
      components: {
        MuiMenu: {
          defaultProps: { slotProps: { paper: { style: { maxHeight: SELECT_MENU_MAX_HEIGHT } } } },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
      },
    },
    deDE,
  )
}

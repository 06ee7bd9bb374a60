import { BREAKPOINTS, SELECT_MENU_MAX_HEIGHT, type CustomerConfig } from '@portal/domain'
import { createTheme } from '@mui/material/styles'
import { deDE } from '@mui/material/locale'
import { kitColours } from '../components/kit/theme'

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true
  }
}

/** What can take the keyboard focus; containers focused by script (dialogs, menus) are not. */
const INTERACTIVE = [
  'a',
  'button',
  'summary',
  '[role="button"]',
  '[role="combobox"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[tabindex="0"]',
].join(', ')

/** Items that fill a clipping container (menus, lists, cards, tabs): the ring goes inside. */
const FULL_WIDTH = [
  '.MuiMenuItem-root',
  '.MuiListItemButton-root',
  '.MuiCardActionArea-root',
  '.MuiTab-root',
  '.MuiAccordionSummary-root',
].join(', ')

const focused = (scope: string) =>
  `html ${scope} :is(${INTERACTIVE}):focus-visible, html ${scope} .Mui-focusVisible`

/** The MUI theme: the customer's colours and the breakpoints of §9. */
export function createPortalTheme(config: CustomerConfig) {
  // the kit's colours, so that a field of the kit and a control of MUI look alike (decision 048)
  const colours = kitColours(config.theme)
  return createTheme(
    {
      breakpoints: { values: { xs: 0, ...BREAKPOINTS } },
      palette: {
        // WCAG AA: MUI picks white or dark text on the other colours by this contrast ratio
        contrastThreshold: 4.5,
        primary: { main: colours.primary, contrastText: colours.onPrimary },
        secondary: { main: config.theme.secondary },
        background: { default: colours.background },
      },
      shape: { borderRadius: 8 },
      components: {
        MuiCssBaseline: {
          // one visible focus ring for every control (MUI's own is a faint background tint);
          // text fields keep their focused border, which contrasts as much
          styleOverrides: {
            [focused('')]: { outline: `2px solid ${colours.focus}`, outlineOffset: 2 },
            [`html :is(${FULL_WIDTH}):is(:focus-visible, .Mui-focusVisible)`]: {
              outlineOffset: -2,
            },
            [focused('.MuiAppBar-root')]: { outlineColor: colours.focusOnPrimary },
            // only a field with a border of its own: a bare select (the pager's "Zeilen pro
            // Seite") has nothing else to show its focus (decision 045)
            'html :is(.MuiOutlinedInput-root, .MuiFilledInput-root, .MuiInput-root) > .MuiInputBase-input:focus-visible':
              { outline: 'none' },
          },
        },
        MuiMenu: {
          defaultProps: { slotProps: { paper: { style: { maxHeight: SELECT_MENU_MAX_HEIGHT } } } },
        },
        // German sentence case as written in the catalogue ("Kosten erfasst", "Neue Kosten
        // erfassen"), not MUI's capitals: capitals hide which words are nouns
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { textTransform: 'none' } },
        },
        MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
        // A dialog taller than the screen (a phone) scrolls as a whole, actions included, so the
        // scrolling part always holds a control the keyboard reaches (WCAG 2.1.1); a content area
        // that scrolled on its own was unreachable when it held only text or a table.
        // On a phone a dialog keeps 16 px to the screen's edges, not 32, and its content 16 px
        // padding, so that a table of amounts fits without scrolling sideways.
        MuiDialog: {
          defaultProps: { scroll: 'body' },
          styleOverrides: {
            // through the root, so that it outweighs MUI's own width rule of a body-scrolled paper
            root: ({ theme }) => ({
              [theme.breakpoints.down('sm')]: {
                '& .MuiDialog-container .MuiDialog-paper': {
                  margin: theme.spacing(2),
                  width: `calc(100% - ${theme.spacing(4)})`,
                  maxWidth: `calc(100% - ${theme.spacing(4)})`,
                },
              },
            }),
          },
        },
        MuiDialogContent: {
          styleOverrides: {
            root: ({ theme }) => ({
              [theme.breakpoints.down('sm')]: {
                paddingLeft: theme.spacing(2),
                paddingRight: theme.spacing(2),
              },
            }),
          },
        },
      },
    },
    deDE,
  )
}

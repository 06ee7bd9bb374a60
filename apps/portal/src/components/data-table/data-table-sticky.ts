import type { Theme } from '@mui/material/styles'

/**
 * A cell that stays in view while the table scrolls sideways; it needs a background of its own,
 * which takes on the row's hover and selection tint.
 */
export function stickyStyle(
  theme: Theme,
  side: 'left' | 'right',
  edge: boolean,
  header: boolean,
  /** A table with phone columns: the row's name leaves room for the amount beside it (decision 045). */
  narrow = false,
) {
  const tint = (color: string) => ({ backgroundImage: `linear-gradient(${color}, ${color})` })
  return {
    position: 'sticky',
    [side]: 0,
    // on a phone the row's name wraps, so that the columns between the sticky ones keep room
    ...(side === 'left'
      ? {
          [theme.breakpoints.down('sm')]: {
            minWidth: '7em',
            maxWidth: narrow ? '40vw' : '50vw',
            // a header keeps its word whole; a cell breaks a word only when the word alone is wider
            // than the column (German compounds such as "Dienstleistungspauschale"), hyphenated
            // where the browser has the German dictionary
            ...(header ? {} : { overflowWrap: 'break-word', hyphens: 'auto' }),
          },
        }
      : {}),
    zIndex: 1,
    backgroundColor: theme.palette.background.paper,
    '.MuiTableRow-hover:hover > &': tint(theme.palette.action.hover),
    '.Mui-selected > &': tint(theme.palette.action.selected),
    // a line on the inner edge shows that columns pass beneath while the table scrolls
    ...(edge
      ? { boxShadow: `inset ${side === 'left' ? -1 : 1}px 0 0 ${theme.palette.divider}` }
      : {}),
  } as const
}

import type { SvgIconComponent } from '@mui/icons-material'
import IconButton from '@mui/material/IconButton'

/** A small icon button of a table row, named for screen readers by what it does with the row. */
export function RowActionButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string
  icon: SvgIconComponent
  onClick: () => void
}) {
  return (
    <IconButton size="small" aria-label={label} onClick={onClick}>
      <Icon fontSize="small" />
    </IconButton>
  )
}

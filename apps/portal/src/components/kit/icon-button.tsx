/** A Material icon drawn from its SVG path, as MUI's icons are, without loading them. */
export function Icon({ path }: { path: string }) {
  return (
    <svg className="kit-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  )
}

/** A round button that shows only an icon, as MUI's IconButton; `label` is its accessible name. */
export function IconButton({
  label,
  path,
  onClick,
  size = 'medium',
  edgeEnd = false,
  title,
}: {
  label: string
  path: string
  onClick: () => void
  size?: 'medium' | 'small'
  /** At the end of a field: it moves into the field's padding, as MUI's `edge="end"`. */
  edgeEnd?: boolean
  /** A tooltip on hover, where the icon alone may not say it to every user. */
  title?: string
}) {
  const className = [
    'kit-icon-button',
    size === 'small' && 'kit-icon-button--small',
    edgeEnd && 'kit-icon-button--edge-end',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <button type="button" className={className} aria-label={label} title={title} onClick={onClick}>
      <Icon path={path} />
    </button>
  )
}

/**
 * For screen readers only, as MUI styles (`sx`) for parts of MUI components (a table's caption,
 * an empty live region); elsewhere the kit's VisuallyHidden (kit/visually-hidden.tsx, kit.css).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const

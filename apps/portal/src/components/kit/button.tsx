import type { ReactNode } from 'react'
import { Progress } from './progress'

/**
 * A form's submit button in the primary colour, as MUI's `variant="contained"` draws it. While
 * `loading` it is disabled and shows a progress ring instead of its text; the text stays in the
 * button, so its accessible name does not change.
 */
export function Button({
  children,
  loading = false,
  size = 'medium',
}: {
  children: ReactNode
  loading?: boolean
  size?: 'medium' | 'large'
}) {
  return (
    <button
      type="submit"
      className={size === 'large' ? 'kit-button kit-button--large' : 'kit-button'}
      disabled={loading}
      aria-busy={loading || undefined}
    >
      <span className="kit-button__label">{children}</span>
      {loading && (
        <span className="kit-button__progress">
          <Progress size={16} />
        </span>
      )}
    </button>
  )
}

import type { ReactNode } from 'react'
import { PlainProgress } from './plain-progress'

/**
 * A contained button in the primary colour, as MUI's `variant="contained"` draws it, as wide as
 * its column. While `loading` it is disabled and shows a progress ring instead of its text; the
 * text stays in the button, so its accessible name does not change.
 */
export function PlainButton({
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
      className={size === 'large' ? 'auth-button auth-button--large' : 'auth-button'}
      disabled={loading}
      aria-busy={loading || undefined}
    >
      <span className="auth-button__label">{children}</span>
      {loading && (
        <span className="auth-button__progress">
          <PlainProgress size={16} />
        </span>
      )}
    </button>
  )
}

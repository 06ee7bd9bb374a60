/**
 * MUI's indeterminate circular progress drawn in plain SVG and CSS (signed-out.css), for the
 * signed-out screens and the moments before any screen's code has loaded.
 */
export function PlainProgress({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <span
      className="auth-progress"
      role="progressbar"
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <svg viewBox="22 22 44 44" width={size} height={size} aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  )
}

/** Shown while a screen's code loads, like the signed-in screens' ScreenLoading. */
export function PlainLoading() {
  return (
    <div className="auth-loading">
      <PlainProgress label="Wird geladen" />
    </div>
  )
}

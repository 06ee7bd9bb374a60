/**
 * MUI's indeterminate circular progress drawn in plain SVG and CSS (kit.css), for buttons that
 * are busy and the moments before a screen's code has loaded.
 */
export function Progress({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <span
      className="kit-progress"
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

/** Shown while a screen's code loads. */
export function ScreenLoading() {
  return (
    <div className="kit-loading">
      <Progress label="Wird geladen" />
    </div>
  )
}

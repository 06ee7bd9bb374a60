import type { HTMLAttributes } from 'react'

/** Content for screen readers only (live regions, captions). */
export function VisuallyHidden(props: HTMLAttributes<HTMLSpanElement>) {
  return <span {...props} className="kit-visually-hidden" />
}

import type { CustomerTheme } from '@portal/domain'

/** WCAG 2.2 1.4.11 and 2.4.13: a focus indicator contrasts 3:1 with what surrounds it. */
export const FOCUS_CONTRAST = 3
/** WCAG AA for text: MUI's `contrastThreshold` of the portal theme (app/theme.ts). */
const TEXT_CONTRAST = 4.5
const WHITE = '#ffffff'
const BLACK = '#000000'
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)'

/**
 * WCAG relative luminance of a `#rrggbb` colour (the configuration's format). The domain's
 * contrastRatio sits beside the configuration's zod schemas, which the entry would load with it.
 */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a)
  return (lighter! + 0.05) / (darker! + 0.05)
}

/**
 * The portal's colours from the customer's theme, the one rule for the kit's stylesheet and the
 * MUI theme (app/theme.ts, decisions 021 and 048): text on the primary colour (white where it
 * reaches 4.5:1, the configuration makes sure it does), the page background, and the focus ring.
 * No one colour contrasts 3:1 with both the light page and a dark app bar, so the ring is the
 * primary colour on the page where it contrasts 3:1 with page and card (else black), and on the
 * app bar the colour of its text where that contrasts (else white, else black).
 */
export function kitColours(theme: CustomerTheme) {
  const background = theme.background ?? WHITE
  const onPrimary = contrastRatio(theme.primary, WHITE) >= TEXT_CONTRAST ? WHITE : DARK_TEXT
  const focus = [background, WHITE].every(
    (surface) => contrastRatio(theme.primary, surface) >= FOCUS_CONTRAST,
  )
    ? theme.primary
    : BLACK
  const focusOnPrimary =
    [onPrimary === WHITE ? WHITE : BLACK, WHITE].find(
      (ring) => contrastRatio(theme.primary, ring) >= FOCUS_CONTRAST,
    ) ?? BLACK
  return { primary: theme.primary, onPrimary, background, focus, focusOnPrimary }
}

/**
 * Puts the colours on the document as custom properties for kit.css and signed-out.css. Set
 * through the CSSOM, which the Content-Security-Policy allows (no inline style attribute).
 */
export function applyKitTheme(theme: CustomerTheme): void {
  const colours = kitColours(theme)
  const properties = {
    '--kit-primary': colours.primary,
    '--kit-on-primary': colours.onPrimary,
    '--kit-background': colours.background,
    '--kit-focus': colours.focus,
    '--kit-focus-on-primary': colours.focusOnPrimary,
  }
  for (const [property, value] of Object.entries(properties)) {
    document.documentElement.style.setProperty(property, value)
  }
}

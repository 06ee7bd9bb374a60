import type { CustomerTheme } from '@portal/domain'

/** WCAG 2.2 1.4.11 and 2.4.13: a focus indicator contrasts 3:1 with what surrounds it. */
const FOCUS_CONTRAST = 3
/** WCAG AA for text: MUI's `contrastThreshold` of the portal theme (app/theme.ts). */
const TEXT_CONTRAST = 4.5
const WHITE = '#ffffff'
const BLACK = '#000000'
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)'

/** WCAG relative luminance of a `#rrggbb` colour (the configuration's format). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a)
  return (lighter! + 0.05) / (darker! + 0.05)
}

/**
 * The colours of the signed-out screens, as the MUI theme derives them for the signed-in ones
 * (app/theme.ts, decision 021), without loading MUI: text on the primary colour (white where it
 * reaches 4.5:1, the configuration makes sure it does), the page background, and the focus ring,
 * the primary colour on the page where it contrasts 3:1 with page and card, else black, and on
 * the app bar its text colour.
 */
export function signedOutColours(theme: CustomerTheme) {
  const background = theme.background ?? WHITE
  const onPrimary = contrast(theme.primary, WHITE) >= TEXT_CONTRAST ? WHITE : DARK_TEXT
  const pageRing = [background, WHITE].every(
    (surface) => contrast(theme.primary, surface) >= FOCUS_CONTRAST,
  )
    ? theme.primary
    : BLACK
  const onPrimaryRing =
    [onPrimary === WHITE ? WHITE : BLACK, WHITE].find(
      (ring) => contrast(theme.primary, ring) >= FOCUS_CONTRAST,
    ) ?? BLACK
  return {
    '--auth-primary': theme.primary,
    '--auth-on-primary': onPrimary,
    '--auth-background': background,
    '--auth-focus': pageRing,
    '--auth-focus-on-primary': onPrimaryRing,
  }
}

/**
 * Puts the colours on the document as custom properties for signed-out.css. Set through the
 * CSSOM, which the Content-Security-Policy allows (no inline style attribute).
 */
export function applySignedOutTheme(theme: CustomerTheme): void {
  for (const [property, value] of Object.entries(signedOutColours(theme))) {
    document.documentElement.style.setProperty(property, value)
  }
}

import { BODY_TEXT_COLOUR, contrastRatio, MIN_TEXT_CONTRAST } from '@portal/domain'
import { describe, expect, it } from 'vitest'
import { signedOutColours } from './signed-out-theme'

describe('the colours of the signed-out screens', () => {
  it('take white text and a primary focus ring where the primary colour contrasts', () => {
    expect(
      signedOutColours({ primary: '#0b4f8a', secondary: '#a84b00', background: '#f5f7fa' }),
    ).toEqual({
      '--auth-primary': '#0b4f8a',
      '--auth-on-primary': '#ffffff',
      '--auth-background': '#f5f7fa',
      '--auth-focus': '#0b4f8a',
      '--auth-focus-on-primary': '#ffffff',
    })
  })

  it('put a black ring on a page the primary colour does not contrast 3:1 with', () => {
    // passes the configuration's rules (white on the primary, body text on the background),
    // yet the primary colour is too close to the grey page for a focus ring
    const theme = { primary: '#2f6f73', secondary: '#000000', background: '#a0a0a0' }
    expect(contrastRatio(theme.primary, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(theme.background, BODY_TEXT_COLOUR)).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    )
    expect(contrastRatio(theme.primary, theme.background)).toBeLessThan(3)
    const colours = signedOutColours(theme)
    expect(colours['--auth-focus']).toBe('#000000')
    expect(colours['--auth-on-primary']).toBe('#ffffff')
  })

  it('default to a white page, as MUI does', () => {
    expect(
      signedOutColours({ primary: '#1e5631', secondary: '#6b5a2e' })['--auth-background'],
    ).toBe('#ffffff')
  })
})

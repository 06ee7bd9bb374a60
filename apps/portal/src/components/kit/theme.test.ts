import { BODY_TEXT_COLOUR, contrastRatio, MIN_TEXT_CONTRAST } from '@portal/domain'
import { describe, expect, it } from 'vitest'
import { kitColours } from './theme'

describe("the kit's colours", () => {
  it('take white text and a primary focus ring where the primary colour contrasts', () => {
    expect(kitColours({ primary: '#0b4f8a', secondary: '#a84b00', background: '#f5f7fa' })).toEqual(
      {
        primary: '#0b4f8a',
        onPrimary: '#ffffff',
        background: '#f5f7fa',
        focus: '#0b4f8a',
        focusOnPrimary: '#ffffff',
      },
    )
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
    const colours = kitColours(theme)
    expect(colours.focus).toBe('#000000')
    expect(colours.onPrimary).toBe('#ffffff')
  })

  it('turn black on the page and on the app bar of a light primary colour', () => {
    expect(kitColours({ primary: '#7fd3ff', secondary: '#6b5a2e' })).toMatchObject({
      onPrimary: 'rgba(0, 0, 0, 0.87)',
      focus: '#000000',
      focusOnPrimary: '#000000',
    })
  })

  it('default to a white page, as MUI does', () => {
    expect(kitColours({ primary: '#1e5631', secondary: '#6b5a2e' }).background).toBe('#ffffff')
  })
})

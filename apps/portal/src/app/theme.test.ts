import { getContrastRatio } from '@mui/material/styles'
import type { CustomerConfig } from '@portal/domain'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FOCUS_CONTRAST, kitColours } from '../components/kit/theme'
import { createPortalTheme } from './theme'

const CUSTOMERS = path.resolve(import.meta.dirname, '../../../../customers')
const configs = readdirSync(CUSTOMERS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry): [string, CustomerConfig] => [
    entry.name,
    JSON.parse(
      readFileSync(path.join(CUSTOMERS, entry.name, 'config.json'), 'utf8'),
    ) as CustomerConfig,
  ])

const withColours = (primary: string, background?: string) =>
  ({
    theme: { primary, secondary: '#6b5a2e', background },
  }) as CustomerConfig

describe('the focus ring', () => {
  it('has the four customer configurations to check', () => {
    expect(configs).toHaveLength(4)
  })

  it.each(configs)('contrasts 3:1 with the page and the app bar of %s', (_name, config) => {
    const { palette } = createPortalTheme(config)
    const colours = kitColours(config.theme)
    for (const background of [palette.background.default, palette.background.paper]) {
      expect(getContrastRatio(colours.focus, background)).toBeGreaterThanOrEqual(FOCUS_CONTRAST)
    }
    expect(getContrastRatio(colours.focusOnPrimary, palette.primary.main)).toBeGreaterThanOrEqual(
      FOCUS_CONTRAST,
    )
  })

  it("takes the kit's colours, so that MUI's controls and the kit's look alike", () => {
    const { palette } = createPortalTheme(withColours('#7fd3ff'))
    expect(palette.primary.contrastText).toBe('rgba(0, 0, 0, 0.87)')
    expect(palette.background.default).toBe('#ffffff')
  })

  it('is drawn by the theme for every control, inside items that fill their container', () => {
    const theme = createPortalTheme(withColours('#1e5631'))
    const overrides = theme.components?.MuiCssBaseline?.styleOverrides
    const styles = (typeof overrides === 'function' ? overrides(theme) : overrides) as Record<
      string,
      Record<string, unknown>
    >
    const [ring, inside, appBar] = Object.entries(styles) as [
      [string, unknown],
      [string, unknown],
      [string, unknown],
    ]
    expect(ring[0]).toContain(':focus-visible')
    expect(ring[0]).toContain('.Mui-focusVisible')
    expect(ring[1]).toEqual({ outline: '2px solid #1e5631', outlineOffset: 2 })
    expect(inside[0]).toContain('.MuiMenuItem-root')
    expect(inside[1]).toEqual({ outlineOffset: -2 })
    expect(appBar[0]).toContain('.MuiAppBar-root')
    expect(appBar[1]).toEqual({ outlineColor: '#ffffff' })
  })
})

import Button from '@mui/material/Button'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { ThemeProvider } from '@mui/material/styles'
import type { CustomerConfig } from '@portal/domain'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createPortalTheme } from './theme'

const theme = createPortalTheme({
  theme: { primary: '#0b4f8a', secondary: '#6b5a2e' },
} as CustomerConfig)

describe('the labels of buttons and tabs', () => {
  it('keep the German sentence case of the catalogue instead of capitals', () => {
    render(
      <ThemeProvider theme={theme}>
        <Button>Neue Kosten erfassen</Button>
        <Tabs value="heating" aria-label="Bereiche">
          <Tab value="heating" label="Heiz- und Nebenkosten" />
        </Tabs>
      </ThemeProvider>,
    )
    const button = screen.getByRole('button', { name: 'Neue Kosten erfassen' })
    expect(getComputedStyle(button).textTransform).toBe('none')
    expect(getComputedStyle(screen.getByRole('tab')).textTransform).toBe('none')
  })
})

import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

export type Description = { key?: string; term: string; description: ReactNode }

/** Terms and their values as a `<dl>` in two columns: profile, address, master data, contacts. */
export function DescriptionList({ items }: { items: readonly Description[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // the terms as wide as they need up to half the width (then they wrap between words);
        // a value longer than its column (a mail address) wraps instead of leaving the card
        gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.key ?? item.term} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            sx={{
              color: 'text.secondary',
            }}
          >
            {item.term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.description}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}

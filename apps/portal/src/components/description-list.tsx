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
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.key ?? item.term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {item.term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {item.description}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}

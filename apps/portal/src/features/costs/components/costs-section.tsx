import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A card of the cost allocation page: a section named by its heading. */
export function CostsSection({
  id,
  title,
  gutterBottom = true,
  children,
}: {
  id: string
  title: string
  /** Space below the heading; a list that brings its own leaves it out. */
  gutterBottom?: boolean
  children: ReactNode
}) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id={id} gutterBottom={gutterBottom}>
        {title}
      </Typography>
      {children}
    </Paper>
  )
}

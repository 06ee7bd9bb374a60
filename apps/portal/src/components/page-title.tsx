import Typography from '@mui/material/Typography'
import { useEffect, type ReactNode } from 'react'

/** The screen's one h1; also names the browser tab so screen-reader users hear where they are. */
export function PageTitle({
  children,
  documentTitle,
}: {
  children: ReactNode
  documentTitle: string
}) {
  useEffect(() => {
    const base = document.title.split(' · ').at(-1) ?? document.title
    document.title = `${documentTitle} · ${base}`
    return () => {
      document.title = base
    }
  }, [documentTitle])
  return (
    <Typography variant="h4" component="h1" gutterBottom>
      {children}
    </Typography>
  )
}

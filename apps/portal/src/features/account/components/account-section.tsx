import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode, Ref } from 'react'

/**
 * A section of the account page: its heading, what it is for, and what the user can do there.
 * With `headingRef` the heading can take the focus (when the button that was focused is gone).
 */
export function AccountSection({
  id,
  title,
  intro,
  headingRef,
  children,
}: {
  id: string
  title: string
  intro: string
  headingRef?: Ref<HTMLHeadingElement>
  children: ReactNode
}) {
  const focusable = headingRef
    ? { ref: headingRef, tabIndex: -1, sx: { '&:focus': { outline: 'none' } } }
    : {}
  return (
    <Stack component="section" spacing={2} aria-labelledby={id} sx={{ mt: 4, maxWidth: 640 }}>
      <Typography variant="h5" component="h2" id={id} {...focusable}>
        {title}
      </Typography>
      <Typography>{intro}</Typography>
      {children}
    </Stack>
  )
}

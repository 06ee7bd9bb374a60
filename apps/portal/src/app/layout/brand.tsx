import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import { Link as RouterLink } from 'react-router'
import { useCustomer } from '../../lib/customer'

/**
 * Logo and application title of the customer configuration, linking home. On a phone the wide
 * logo (it spells the company's name) gives way to the favicon's mark, and the title wraps in a
 * smaller type, so that it stays readable from 320 px on.
 */
export function Brand({ to }: { to: string }) {
  const { config } = useCustomer()
  const theme = useTheme()
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        minWidth: 0,
        borderRadius: 1,
      }}
    >
      <Box component="picture" sx={{ display: 'flex', flexShrink: 0 }}>
        <source media={`(min-width: ${theme.breakpoints.values.sm}px)`} srcSet={config.logoUrl} />
        <Box
          component="img"
          src={config.faviconUrl}
          alt=""
          sx={{
            height: { xs: 32, sm: 40 },
            width: 'auto',
            bgcolor: 'common.white',
            borderRadius: 1,
            p: 0.5,
          }}
        />
      </Box>
      <Typography
        component="span"
        variant="h6"
        sx={{
          fontSize: { xs: '0.9375rem', sm: '1.125rem', md: '1.25rem' },
          lineHeight: 1.2,
          overflowWrap: 'anywhere',
        }}
      >
        {config.applicationTitle}
      </Typography>
    </Box>
  )
}

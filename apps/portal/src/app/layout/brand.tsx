import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router'
import { useCustomer } from '../../lib/customer'

/** Logo and application title of the customer configuration, linking home. */
export function Brand({ to }: { to: string }) {
  const { config } = useCustomer()
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        color: 'inherit',
        textDecoration: 'none',
        minWidth: 0,
      }}
    >
      <Box
        component="img"
        src={config.logoUrl}
        alt=""
        sx={{ height: 40, width: 'auto', bgcolor: 'common.white', borderRadius: 1, p: 0.5 }}
      />
      <Typography component="span" variant="h6" noWrap>
        {config.applicationTitle}
      </Typography>
    </Box>
  )
}

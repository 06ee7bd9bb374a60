import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { useCustomer } from '../../lib/customer'
import { LEGAL_PAGES } from '../../lib/legal-pages'

/** Customer service and the legal notices; wraps from 320 px on (WCAG 1.4.10 reflow). */
export function Footer() {
  const { t } = useTranslation()
  const { config } = useCustomer()
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', py: 2, px: { xs: 2, md: 3 }, mt: 'auto' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{
          alignItems: { sm: 'center' },
          justifyContent: 'space-between',
        }}
      >
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            overflowWrap: 'anywhere',
          }}
        >
          {t('legal.customerService')}: {config.customerService.phone} ·{' '}
          <Link href={`mailto:${config.customerService.mail}`}>{config.customerService.mail}</Link>
        </Typography>
        <Stack
          component="nav"
          aria-label={t('layout.footer.label')}
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
        >
          {LEGAL_PAGES.map((page) => (
            <Link key={page} component={RouterLink} to={`/${page}`} variant="body2">
              {t(`layout.footer.${page}`)}
            </Link>
          ))}
        </Stack>
      </Stack>
    </Box>
  )
}

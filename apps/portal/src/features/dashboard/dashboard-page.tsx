import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatDecimal, type Connection } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemPages, useItemPage } from '../../components/item-pages'
import { PageTitle } from '../../components/kit/page-title'
import { useCustomer } from '../../lib/customer'
import { devicesDue, useDeviceCompliance } from '../../lib/device-compliance'
import { getMeta, getUser } from '../../lib/session'
import { useBillingYears } from './api/billing-years'
import './locales'

/**
 * A property's tile: one link, named by what it shows (name, address, product), so that the
 * name a speech user reads is the name, and the address tells two tiles of one owner apart.
 */
function PropertyTile({ property }: { property: Connection }) {
  const { t } = useTranslation()
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="article">
      <CardActionArea
        component={RouterLink}
        to={`/properties/${encodeURIComponent(property.connection)}`}
        sx={{ height: '100%', alignItems: 'flex-start', overflowWrap: 'anywhere' }}
      >
        <CardContent>
          <Typography variant="h6" component="h3">
            {property.name1}
          </Typography>
          {property.name2 && (
            <Typography
              sx={{
                color: 'text.secondary',
              }}
            >
              {property.name2}
            </Typography>
          )}
          <Typography sx={{ mt: 1 }}>
            {property.street} {property.houseNumber}
            {property.houseNumberSuffix ?? ''}
          </Typography>
          <Typography
            sx={{
              color: 'text.secondary',
            }}
          >
            {property.postalCode} {property.city}
          </Typography>
          {property.productName && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('dashboard.product')}: {property.productName}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  )
}

/**
 * Decision 045: the billing years as the distributions stand (open for entry, released, with the
 * provider, closed); the customer's own notice while its billing year has none yet, or when the
 * distributions cannot be read.
 */
function BillingYearNotice() {
  const { t } = useTranslation()
  const { config } = useCustomer()
  const years = useBillingYears()
  const newest = years.data?.[0]?.year.slice(-4)
  const announced = !newest || config.billingYear > Number(newest)
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      {years.isPending ? (
        t('dashboard.billingYear.loading')
      ) : (
        <>
          {(years.isError || announced) && <div>{config.billingYearNotice}</div>}
          {years.data?.map(({ year, state }) => (
            <div key={year}>{t(`dashboard.billingYear.${state}`, { year })}</div>
          ))}
        </>
      )}
    </Alert>
  )
}

/**
 * Decision 068: while any device of the user's properties is due (to retrofit by 31.12.2026, not
 * remote against the rule, calibration due or expired), a tile that leads to /devices; none when
 * nothing is due or the counts cannot be read (the devices page says why).
 */
function DevicesDueTile({ answer }: { answer: ReturnType<typeof useDeviceCompliance> }) {
  const { t } = useTranslation()
  const counts = answer.data?.counts
  if (!counts || devicesDue(counts) === 0) return null
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="dashboard-devices-due"
      sx={{ mb: 3, borderLeft: 4, borderLeftColor: 'warning.main' }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" id="dashboard-devices-due" gutterBottom>
          {t('dashboard.devicesDue.title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>
          {t('dashboard.devicesDue.text', {
            retrofit: counts.retrofitDue,
            overdue: counts.retrofitOverdue + counts.mustBeRemote,
            calibration: counts.calibrationDue + counts.calibrationExpired,
          })}
        </Typography>
        <Link component={RouterLink} to="/devices">
          {t('dashboard.devicesDue.link')}
        </Link>
      </CardContent>
    </Card>
  )
}

/** Tiles on one page: fills rows of one, two, three and four columns. */
export const TILES_PER_PAGE = 12

/**
 * §1: a tile per property and the billing-year notice of the configuration. A page of tiles at a
 * time (a large customer has thousands of properties), the page in the address so that the back
 * button and links keep it; the properties table searches them all.
 */
export function Component() {
  const { t } = useTranslation()
  const properties = getMeta()
  const user = getUser()
  const { page, pages, setPage, shown } = useItemPage(properties, TILES_PER_PAGE)
  const years = useBillingYears()
  const compliance = useDeviceCompliance(undefined)
  return (
    <>
      <PageTitle documentTitle={t('dashboard.title')}>
        {t('dashboard.greeting', { name: user?.name ?? '' })}
      </PageTitle>
      {/* the notices above the tiles arrive with their answers: busy until both have */}
      <Box aria-busy={years.isPending || compliance.isPending ? true : undefined}>
        <BillingYearNotice />
        <DevicesDueTile answer={compliance} />
      </Box>
      <Typography variant="h5" component="h2" id="dashboard-properties" gutterBottom>
        {t('dashboard.properties')}
      </Typography>
      {properties.length === 0 ? (
        <Typography>{t('dashboard.noProperties')}</Typography>
      ) : (
        <>
          <Grid
            container
            spacing={2}
            component="ul"
            aria-labelledby="dashboard-properties"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {shown.map((property) => (
              <Grid key={property.connection} size={{ xs: 12, sm: 6, md: 4, xl: 3 }} component="li">
                <PropertyTile property={property} />
              </Grid>
            ))}
          </Grid>
          {pages > 1 && (
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ mt: 3, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
            >
              <ItemPages
                label={t('dashboard.tilesPages')}
                page={page}
                pages={pages}
                setPage={setPage}
              />
              <Typography
                sx={{
                  color: 'text.secondary',
                }}
              >
                {t('dashboard.count', {
                  count: properties.length,
                  formatted: formatDecimal(properties.length, 0),
                })}{' '}
                ·{' '}
                <Link component={RouterLink} to="/properties">
                  {t('dashboard.allAsTable')}
                </Link>
              </Typography>
            </Stack>
          )}
        </>
      )}
    </>
  )
}

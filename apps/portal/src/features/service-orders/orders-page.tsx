import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { formatStreetAddress, type Connection } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useRememberSearch } from '../../components/data-table/remembered-search'
import { ErrorNotice } from '../../components/error-notice'
import { PageTitle } from '../../components/kit/page-title'
import { getMeta } from '../../lib/session'
import { useServiceOrders } from './api/service-orders'
import { ServiceOrdersTable } from './components/service-orders-table'
import './locales'

/** A property as the filter names it: its name, then its address. */
export const propertyChoice = (c: Connection) =>
  [[c.name1, c.name2].filter(Boolean).join(' '), formatStreetAddress(c)].filter(Boolean).join(' – ')

/**
 * The service orders of the whole portfolio (decision 069), or of one property chosen in the
 * filter (`?property=` in the address, with the table's page, sort and search).
 */
export function Component() {
  const { t } = useTranslation()
  useRememberSearch('/orders')
  const [params, setParams] = useSearchParams()
  const properties = getMeta()
  const chosen = params.get('property')
  const property = properties.some((p) => p.connection === chosen) ? chosen : null
  const orders = useServiceOrders(property)
  const title = t('serviceOrders.title')
  return (
    <>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('serviceOrders.intro')}</Typography>
      {properties.length > 1 && (
        <TextField
          select
          label={t('serviceOrders.filter.property')}
          value={property ?? ''}
          onChange={(event) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current)
                if (event.target.value) next.set('property', event.target.value)
                else next.delete('property')
                // another property's orders start on their first page
                next.delete('page')
                return next
              },
              { replace: true },
            )
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ mb: 2, width: { xs: '100%', sm: 480 }, maxWidth: '100%' }}
        >
          <MenuItem value="">{t('serviceOrders.filter.allProperties')}</MenuItem>
          {properties.map((p) => (
            <MenuItem key={p.connection} value={p.connection} sx={{ whiteSpace: 'normal' }}>
              {propertyChoice(p)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {orders.isError ? (
        <ErrorNotice error={orders.error} />
      ) : (
        <ServiceOrdersTable
          orders={orders.data ?? []}
          loading={orders.isPending}
          scope="portfolio"
          caption={title}
          exportName={t('serviceOrders.exportName')}
          stateKey=""
        />
      )}
    </>
  )
}

import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import {
  compareAddresses,
  compareNaturalText,
  formatStreetAddress,
  type Connection,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import {
  DataTable,
  renderRouterLink,
  type DataTableColumn,
} from '../../components/data-table/data-table'
import { useRememberSearch } from '../../components/data-table/remembered-search'
import { PageTitle } from '../../components/kit/page-title'
import { getMeta } from '../../lib/session'
import './locales'

/** §2 Properties: the user's properties (the session meta) in the data table, to choose one. */
export function Component() {
  const { t } = useTranslation()
  // the property page's link back returns to the table as it was left
  useRememberSearch('/properties')
  const columns: DataTableColumn<Connection>[] = [
    {
      key: 'name',
      header: t('properties.column.name'),
      format: (c) => [c.name1, c.name2].filter(Boolean).join(' '),
      primary: true,
    },
    {
      key: 'address',
      header: t('properties.column.address'),
      format: formatStreetAddress,
      compare: compareAddresses,
    },
    {
      key: 'city',
      header: t('properties.column.city'),
      format: (c) => [c.postalCode, c.city].filter(Boolean).join(' '),
      // sorted by what the cell shows first (decision 044): the postcode, then the place
      compare: (a, b) =>
        compareNaturalText(a.postalCode, b.postalCode) || compareNaturalText(a.city, b.city),
    },
    {
      key: 'productName',
      header: t('properties.column.product'),
      format: (c) => c.productName ?? '',
    },
    { key: 'connection', header: t('properties.column.connection') },
  ]
  return (
    <>
      <PageTitle documentTitle={t('properties.title')}>{t('properties.title')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('properties.intro')}</Typography>
      <Link component={RouterLink} to="/devices" sx={{ display: 'inline-block', mb: 2 }}>
        {t('properties.devicesLink')}
      </Link>
      <DataTable
        caption={t('properties.caption')}
        exportName={t('properties.exportName', 'Liegenschaften')}
        columns={columns}
        rows={getMeta()}
        getRowId={(c) => c.connection}
        stateKey=""
        searchable
        rowHref={(c) => `/properties/${encodeURIComponent(c.connection)}`}
        renderLink={renderRouterLink}
      />
    </>
  )
}

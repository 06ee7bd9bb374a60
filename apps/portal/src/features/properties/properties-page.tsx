import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { Connection } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table'
import { PageTitle } from '../../components/page-title'
import { getMeta } from '../../lib/session'

const address = (c: Connection) => `${c.street} ${c.houseNumber}${c.houseNumberSuffix ?? ''}`.trim()

/** §2 Properties: the user's properties (the session meta) in the data table, to choose one. */
export function Component() {
  const { t } = useTranslation()
  const columns: DataTableColumn<Connection>[] = [
    {
      key: 'name',
      header: t('properties.column.name'),
      format: (c) => [c.name1, c.name2].filter(Boolean).join(' '),
      primary: true,
    },
    { key: 'address', header: t('properties.column.address'), format: address },
    {
      key: 'city',
      header: t('properties.column.city'),
      value: (c) => c.city,
      format: (c) => `${c.postalCode} ${c.city}`,
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
      <DataTable
        caption={t('properties.caption')}
        columns={columns}
        rows={getMeta()}
        getRowId={(c) => c.connection}
        searchable
        rowHref={(c) => `/properties/${encodeURIComponent(c.connection)}`}
        renderLink={({ href, className, children }) => (
          <Link component={RouterLink} to={href} className={className}>
            {children}
          </Link>
        )}
      />
    </>
  )
}

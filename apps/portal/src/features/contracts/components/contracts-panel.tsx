import CheckIcon from '@mui/icons-material/Check'
import CloseIcon from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import {
  BUSINESS_ACCOUNT_TYPE,
  CONTRACT_ACCOUNT_TYPES,
  CONTRACT_STATUS,
  CONTRACTS_PAGE_SIZE,
  isBusinessConnection,
  label,
  toIsoDate,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { dateColumn } from '../../../components/data-table/columns'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { ErrorNotice } from '../../../components/error-notice'
import { useCustomer } from '../../../lib/customer'
import { useUnitContracts, type ContractRow } from '../api/unit-contracts'
import '../locales'

/** §2 account type: VKW a close icon, VKG a check icon, each named for screen readers. */
function AccountTypeIcon({ type }: { type: string }) {
  const name = label(CONTRACT_ACCOUNT_TYPES, type)
  if (type === BUSINESS_ACCOUNT_TYPE) return <CheckIcon titleAccess={name} color="success" />
  if (type === 'VKW') return <CloseIcon titleAccess={name} />
  return <>{name}</>
}

/** §2 Contracts panel of a usage unit: 5 rows a page, reference column per configuration. */
export function ContractsPanel({
  pointOfDelivery,
  unitLoading,
}: {
  pointOfDelivery: string
  unitLoading: boolean
}) {
  const { t } = useTranslation()
  const { config } = useCustomer()
  const contracts = useUnitContracts(pointOfDelivery)
  const rows = contracts.data ?? []
  const business = isBusinessConnection(rows, toIsoDate(new Date()))
  const columns: DataTableColumn<ContractRow>[] = [
    ...(config.switches.showContractReference
      ? [{ key: 'reference', header: t('contracts.column.REFERENZ') }]
      : []),
    { key: 'name', header: t('contracts.column.NAME'), primary: true },
    {
      key: 'contractStatus',
      header: t('contracts.column.VTSTATUS'),
      format: (c) => label(CONTRACT_STATUS, c.contractStatus),
    },
    dateColumn('from', t('contracts.column.BEGINN')),
    dateColumn('until', t('contracts.column.ENDE')),
    {
      key: 'contractAccountType',
      header: t('contracts.column.accountType'),
      format: (c) => label(CONTRACT_ACCOUNT_TYPES, c.contractAccountType),
      cell: (c) => <AccountTypeIcon type={c.contractAccountType} />,
      align: 'center',
    },
  ]
  return (
    <Box component="section" aria-labelledby="contracts-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h2" id="contracts-title">
          {t('contracts.title')}
        </Typography>
        {business && (
          <Chip size="small" label={t('contracts.business')} color="primary" variant="outlined" />
        )}
      </Box>
      {contracts.isError ? (
        <ErrorNotice error={contracts.error} />
      ) : (
        <DataTable
          caption={t('contracts.caption')}
          exportName={t('contracts.exportName', 'Verträge')}
          columns={columns}
          rows={rows}
          loading={contracts.isPending || unitLoading}
          getRowId={(c) => c.key}
          initialOptions={{ itemsPerPage: CONTRACTS_PAGE_SIZE }}
          stateKey="contracts"
          size="small"
        />
      )}
    </Box>
  )
}

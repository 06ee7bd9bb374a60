import Alert from '@mui/material/Alert'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { formatDate, type ResidentTenancy } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { DescriptionList, type Description } from '../../../components/description-list'
import { PanelState } from '../../../components/panel-state'
import { useResidentTenancy } from '../api/tenancy'
import '../locales'

/**
 * Decision 065: the resident's unit (its reference and where it lies), its address, his period;
 * after his move-out, until when his access lasts (a year after his last day).
 */
export function TenancySection() {
  const { t } = useTranslation()
  const tenancy = useResidentTenancy()
  return (
    <Paper component="section" variant="outlined" aria-labelledby="tenancy-title" sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" id="tenancy-title" gutterBottom>
        {t('residents.tenancy.title')}
      </Typography>
      <PanelState loading={tenancy.isPending} error={tenancy.error} empty={false}>
        {tenancy.data && <TenancyDetails tenancy={tenancy.data} />}
      </PanelState>
    </Paper>
  )
}

function TenancyDetails({ tenancy }: { tenancy: ResidentTenancy }) {
  const { t } = useTranslation()
  const items: Description[] = [
    { term: t('residents.tenancy.unit'), description: tenancy.reference },
    ...(tenancy.locationAddendum
      ? [{ term: t('residents.tenancy.position'), description: tenancy.locationAddendum }]
      : []),
    { term: t('residents.tenancy.address'), description: tenancy.address },
    { term: t('residents.tenancy.name'), description: tenancy.name },
    { term: t('residents.tenancy.from'), description: formatDate(tenancy.from) },
    ...(tenancy.until
      ? [{ term: t('residents.tenancy.until'), description: formatDate(tenancy.until) }]
      : []),
  ]
  return (
    <>
      <DescriptionList items={items} />
      {tenancy.accessUntil && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('residents.tenancy.accessUntil', { date: formatDate(tenancy.accessUntil) })}
        </Alert>
      )}
    </>
  )
}

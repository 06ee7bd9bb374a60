import Stack from '@mui/material/Stack'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/kit/page-title'
import ConsumptionPanel from '../../features/consumption/components/consumption-panel'
import { residentConsumptionSource } from '../../features/residents/api/monthly-consumption'
import { NoticeChannelSection } from '../../features/residents/components/notice-channel-section'
import { TenancySection } from '../../features/residents/components/tenancy-section'
import '../../features/residents/locales'

// the annual billing information (decision 067) loads below the months, in a chunk of its own
const ResidentBillingInformationPanel = lazy(async () => ({
  default: (await import('../../features/billing-information/components/billing-information-panel'))
    .ResidentBillingInformationPanel,
}))

/**
 * A resident's start page (decision 065): his unit and period, his monthly consumption
 * information (§6a HeizkostenV) from his own routes, the annual billing information of his billed
 * periods (decision 067), and how he is told of a new month.
 */
export function Component() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle documentTitle={t('residents.title')}>{t('residents.title')}</PageTitle>
      <Stack spacing={3}>
        <TenancySection />
        <ConsumptionPanel source={residentConsumptionSource} />
        <Suspense fallback={null}>
          <ResidentBillingInformationPanel />
        </Suspense>
        <NoticeChannelSection />
      </Stack>
    </>
  )
}

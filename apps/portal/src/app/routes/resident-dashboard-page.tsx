import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/kit/page-title'
import ConsumptionPanel from '../../features/consumption/components/consumption-panel'
import { residentConsumptionSource } from '../../features/residents/api/monthly-consumption'
import { NoticeChannelSection } from '../../features/residents/components/notice-channel-section'
import { TenancySection } from '../../features/residents/components/tenancy-section'
import '../../features/residents/locales'

/**
 * A resident's start page (decision 065): his unit and period, his monthly consumption
 * information (§6a HeizkostenV) from his own routes, and how he is told of a new month.
 */
export function Component() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle documentTitle={t('residents.title')}>{t('residents.title')}</PageTitle>
      <Stack spacing={3}>
        <TenancySection />
        <ConsumptionPanel source={residentConsumptionSource} />
        <NoticeChannelSection />
      </Stack>
    </>
  )
}

import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/kit/page-title'
import { PortfolioCompliancePanel } from './components/device-compliance-panel'
import './locales'

/** Decision 068: every property's devices by remote reading and calibration (/devices). */
export function Component() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle documentTitle={t('deviceCompliance.pageTitle')}>
        {t('deviceCompliance.pageTitle')}
      </PageTitle>
      <PortfolioCompliancePanel />
    </>
  )
}

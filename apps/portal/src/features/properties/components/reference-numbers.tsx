import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { DescriptionList } from '../../../components/description-list'
import '../locales'

/**
 * The reference numbers of a property or a usage unit (decision 061): the billing company's number
 * of the bved exchange and the number in the manager's own software, by which files are matched.
 */
export function ReferenceNumbers({
  of,
  billingNumber,
  erpReference,
}: {
  of: 'property' | 'unit'
  billingNumber: string | null
  erpReference: string | null
}) {
  const { t } = useTranslation()
  return (
    <Box component="section" aria-label={t('references.title')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('references.title')}
      </Typography>
      <DescriptionList
        items={[
          { term: t(`references.${of}Number`), description: billingNumber ?? '–' },
          { term: t('references.erpReference'), description: erpReference ?? '–' },
        ]}
      />
    </Box>
  )
}

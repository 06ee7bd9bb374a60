import Button from '@mui/material/Button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../../components/error-notice'
import { downloadBvedCosts } from '../api/bved-download'
import '../locales'

/**
 * Decision 061: the distribution's lines as a bved cost file (DTK) for the provider's software;
 * why not (a property without a billing number) below the button.
 */
export function BvedDownloadButton({ distribution }: { distribution: string }) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const [pending, setPending] = useState(false)
  return (
    <>
      <Button
        variant="outlined"
        loading={pending}
        onClick={() => {
          setError(null)
          setPending(true)
          downloadBvedCosts(distribution)
            .catch(setError)
            .finally(() => setPending(false))
        }}
      >
        {t('costs.actions.bvedExport')}
      </Button>
      {error ? <ErrorNotice error={error} /> : null}
    </>
  )
}

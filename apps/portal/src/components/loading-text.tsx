import Skeleton from '@mui/material/Skeleton'
import { useTranslation } from 'react-i18next'
import { VisuallyHidden } from './kit/visually-hidden'

/**
 * A value that is still loading, in place of a code the user cannot read: a line of skeleton for
 * the eye, "wird geladen" for screen readers.
 */
export function LoadingText({ width = '8em' }: { width?: string }) {
  const { t } = useTranslation()
  return (
    <>
      <Skeleton
        variant="text"
        aria-hidden
        width={width}
        sx={{ display: 'inline-block', verticalAlign: 'middle' }}
      />
      <VisuallyHidden>{t('common.loadingValue')}</VisuallyHidden>
    </>
  )
}

import { EMPTY_LIST_MESSAGE } from '@portal/domain'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from './error-notice'

/** §4 list states: loading text while fetching, the error with its code, the empty message. */
export function PanelState({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean
  error: unknown
  empty: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  if (loading) {
    return (
      <Typography
        role="status"
        sx={{
          color: 'text.secondary',
        }}
      >
        {t('common.loading')}
      </Typography>
    )
  }
  if (error) return <ErrorNotice error={error} />
  if (empty) return <Typography>{EMPTY_LIST_MESSAGE}</Typography>
  return <>{children}</>
}

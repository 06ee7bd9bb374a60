import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, type To } from 'react-router'
import { ApiError } from '../lib/api-client'

/**
 * The server answers 404 for an id that does not exist and for one the user may not see alike
 * (ARCHITECTURE 3.2), so that nobody learns which ids exist: to the user both mean that the
 * record is not assigned to the account.
 */
export function isNotAssigned(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

export type NotAssignedRecord = 'property' | 'unit' | 'distribution'

/**
 * Decision 023: what is not assigned, said once, with the way back to the properties. A page
 * shows it below its own h1 (titled `properties.notAssigned.<record>Title`), the heading it
 * showed while loading, so that the heading keeps the focus it took when the page opened.
 */
export function NotAssignedNotice({
  record,
  backTo = '/properties',
}: {
  record: NotAssignedRecord
  /** The properties list, with the page and search it was left with where the page knows them. */
  backTo?: To
}) {
  const { t } = useTranslation()
  return (
    <Stack
      spacing={2}
      sx={{
        alignItems: 'flex-start',
      }}
    >
      <Alert severity="warning" role="alert" sx={{ alignSelf: 'stretch' }}>
        {t(`properties.notAssigned.${record}`)}
      </Alert>
      <Link component={RouterLink} to={backTo}>
        {t('properties.detail.backToList')}
      </Link>
    </Stack>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { formatDate, type BvedUserPreview } from '@portal/domain'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FileChoice } from '../../../components/file-choice'
import { Alert } from '../../../components/kit/alert'
import { MutationOutcome } from '../../../components/mutation-outcome'
import {
  BVED_USERS_FILE_MAX_BYTES,
  useBvedUserPreview,
  useTakeOverBvedUsers,
} from '../api/bved-users'
import '../locales'

type Row = BvedUserPreview['rows'][number]

const changeCount = (preview: BvedUserPreview) =>
  preview.rows.filter((row) => row.kind === 'tenantChange').length

/** What a record comes to: the report's move-out, "unverändert" with why, or its errors. */
function Outcome({ row }: { row: Row }) {
  const { t } = useTranslation()
  if (row.kind === 'error') {
    return (
      <>
        {row.errors.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
            {row.errors.map((error) => (
              <li key={error.message}>{error.message}</li>
            ))}
          </Box>
        )}
        {row.note && <span>{row.note}</span>}
      </>
    )
  }
  if (row.kind === 'tenantChange' && row.report) {
    return (
      <>
        <span>{t('bvedUsers.outcome.tenantChange', { date: formatDate(row.report.AUSZUG) })}</span>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('bvedUsers.newTenant', {
            name: `${row.report.NAME1} ${row.report.NAME2}`,
            address: `${row.report.STRASSE} ${row.report.HAUSNR}, ${row.report.PLZ} ${row.report.ORT}`,
          })}
        </Typography>
      </>
    )
  }
  return (
    <>
      <span>{t(`bvedUsers.outcome.${row.kind === 'moveOut' ? 'moveOut' : 'unchanged'}`)}</span>
      {row.note && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {row.note}
        </Typography>
      )}
    </>
  )
}

/** The preview as a table: per M record its unit, its user and what it comes to. */
function PreviewTable({ preview }: { preview: BvedUserPreview }) {
  const { t } = useTranslation()
  const captionId = useId()
  return (
    <Box
      sx={{ overflowX: 'auto' }}
      // a region that scrolls sideways on a phone must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <Table size="small">
        <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Typography variant="subtitle2" component="span">
            {t('bvedUsers.caption')}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('bvedUsers.column.line')}</TableCell>
            <TableCell scope="col">{t('bvedUsers.column.unit')}</TableCell>
            <TableCell scope="col">{t('bvedUsers.column.user')}</TableCell>
            <TableCell scope="col">{t('bvedUsers.column.outcome')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>
                {row.unit?.reference ?? t('bvedUsers.unknownUnit')}
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('bvedUsers.unitNumber', { number: row.unitNumber ?? '' })}
                </Typography>
              </TableCell>
              <TableCell>
                {row.name || t('bvedUsers.noName')}
                {row.occupancyStart && row.occupancyEnd && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('bvedUsers.occupancy', {
                      from: formatDate(row.occupancyStart),
                      until: formatDate(row.occupancyEnd),
                    })}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Outcome row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

/** How the preview stands: ready to take over, taken over before, nothing to report, or errors. */
function PreviewState({ preview }: { preview: BvedUserPreview }) {
  const { t } = useTranslation()
  if (preview.alreadyImported) {
    return (
      <Alert severity="info" role="status">
        {t('bvedUsers.alreadyImported')}
      </Alert>
    )
  }
  if (!preview.clean) {
    return (
      <Alert severity="error" role="alert">
        {t('bvedUsers.hasErrors', { summary: preview.summary })}
        {preview.errors.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {preview.errors.map((error) => (
              <li key={error.message}>{error.message}</li>
            ))}
          </Box>
        )}
      </Alert>
    )
  }
  return (
    <Alert severity={changeCount(preview) > 0 ? 'success' : 'info'} role="status">
      {changeCount(preview) > 0
        ? t('bvedUsers.ready', { summary: preview.summary })
        : t('bvedUsers.nothingToReport', { summary: preview.summary })}
    </Alert>
  )
}

/**
 * Decision 063, "Mieterwechsel aus Datei übernehmen": a users' file of the bved exchange (DTM)
 * from the manager's software, previewed record by record with its errors at their lines, then
 * every new user reported as a tenant change at once (or none); like the tenant change form, it
 * then says so until it is closed.
 */
export function BvedUsersDialog({
  connection,
  onClose,
}: {
  connection: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const [file, setFile] = useState<File | null>(null)
  const preview = useBvedUserPreview(connection)
  const takeOver = useTakeOverBvedUsers(connection)

  // a refused file (empty, too large) comes as null: nothing is sent
  const choose = (chosen: File | null) => {
    setFile(chosen)
    preview.reset()
    takeOver.reset()
    if (chosen) preview.mutate(chosen)
  }
  const shown = preview.data
  const taken = takeOver.data
  const canTakeOver = Boolean(
    file && shown && shown.clean && !shown.alreadyImported && changeCount(shown) > 0 && !taken,
  )
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('bvedUsers.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('bvedUsers.hint')}
          </Typography>
          <FileChoice
            accept=".dat,.DAT,.txt"
            maxBytes={BVED_USERS_FILE_MAX_BYTES}
            labels={{
              choose: t('bvedUsers.choose'),
              chosen: (name) => t('bvedUsers.chosen', { name }),
              none: t('bvedUsers.none'),
            }}
            onChoose={choose}
          />
          {preview.isPending && <Typography role="status">{t('bvedUsers.reading')}</Typography>}
          <MutationOutcome error={preview.error} />
          {shown && (
            <>
              <PreviewState preview={shown} />
              {shown.rows.length > 0 && <PreviewTable preview={shown} />}
            </>
          )}
          {/* like the form, the dialog says what was reported and stays until it is closed */}
          <MutationOutcome
            success={
              taken &&
              (taken.created > 0
                ? t('bvedUsers.done', { count: taken.created })
                : t('bvedUsers.doneNone'))
            }
            error={takeOver.error}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          disabled={!canTakeOver}
          loading={takeOver.isPending}
          onClick={() => file && takeOver.mutate(file)}
        >
          {t('bvedUsers.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

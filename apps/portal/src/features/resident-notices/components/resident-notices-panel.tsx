import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  CONSUMPTION_MONTHS,
  formatDate,
  formatMonth,
  isInformed,
  monthsUntil,
  noticeCounts,
  noticeOutcome,
  TIME_ZONE,
  type ResidentNotice,
} from '@portal/domain'
import { useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dateColumn } from '../../../components/data-table/columns'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { ErrorNotice } from '../../../components/error-notice'
import { VisuallyHidden } from '../../../components/kit/visually-hidden'
import { useDownloadNoticeLetters, useResidentNotices } from '../api/resident-notices'
import '../locales'

const instantFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** An instant as German date and time in Europe/Berlin ('02.11.2026, 06:00'); '' for none. */
const formatInstant = (at: string | null) => (at === null ? '' : instantFormat.format(new Date(at)))

/** When the notice went out: the mail's acceptance or the letter's production. */
const deliveredAt = (notice: ResidentNotice) => notice.sentAt ?? notice.letterProducedAt

/** A row of the proof; one unit may have two users in a month, the answer names no partner. */
type Row = ResidentNotice & { id: string }

/** The month the user chose, with the newest month of the select at that time. */
type Choice = { month: string; latest: string }

/**
 * Decision 066, the proof of delivery of a property's monthly information (§ 6a HeizkostenV): per
 * month who was informed how and when, who not and why, exported as CSV or XLSX through the table
 * (decision 030); the letters of the month for the users without an e-mail notice.
 */
export default function ResidentNoticesPanel({ connection }: { connection: string }) {
  const { t } = useTranslation()
  const titleId = useId()
  const reasonId = useId()
  const [choice, setChoice] = useState<Choice | null>(null)
  const [onlyNotInformed, setOnlyNotInformed] = useState(false)
  const notices = useResidentNotices(connection, choice?.month ?? null)
  const download = useDownloadNoticeLetters(connection)
  // the button is disabled only after the next render; this guards the clicks before it
  const downloading = useRef(false)
  // the twelve months end with the server's default month (the last complete one), newest first
  const latest = choice?.latest ?? notices.data?.month
  const month = choice?.month ?? notices.data?.month
  const months = latest === undefined ? [] : monthsUntil(latest, CONSUMPTION_MONTHS).reverse()
  // the previous month's answer stays while the chosen one loads (the select keeps the focus), but
  // its counts and rows are not shown as the chosen month's
  const shown = notices.isPlaceholderData ? undefined : notices.data
  const items = useMemo(
    () => (shown?.items ?? []).map((notice, index): Row => ({ ...notice, id: String(index) })),
    [shown],
  )
  const rows = useMemo(
    () => (onlyNotInformed ? items.filter((row) => !isInformed(noticeOutcome(row))) : items),
    [items, onlyNotInformed],
  )
  const hasLetters = items.some((notice) => notice.state === 'letter')
  const counts = noticeCounts(items)

  const downloadLetters = () => {
    if (downloading.current || month === undefined) return
    downloading.current = true
    download.mutate(month, {
      onSettled: () => {
        downloading.current = false
      },
    })
  }

  const stateText = (notice: ResidentNotice) => {
    const outcome = noticeOutcome(notice)
    if (outcome === 'failed' && notice.lastError === null) {
      return t('residentNotices.state.failedWithoutReason')
    }
    return t(`residentNotices.state.${outcome}`, { reason: notice.lastError })
  }
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'unit',
      header: t('residentNotices.column.unit'),
      primary: true,
      value: (notice) =>
        notice.locationAddendum
          ? t('residentNotices.unit', {
              reference: notice.reference,
              locationAddendum: notice.locationAddendum,
            })
          : notice.reference,
    },
    { key: 'name', header: t('residentNotices.column.name') },
    {
      key: 'channel',
      header: t('residentNotices.column.channel'),
      value: (notice) => t(`residentNotices.channel.${notice.channel}`),
    },
    { key: 'state', header: t('residentNotices.column.state'), value: stateText },
    {
      key: 'at',
      header: t('residentNotices.column.at'),
      format: (notice) => formatInstant(deliveredAt(notice)),
      sortValue: deliveredAt,
    },
    dateColumn('openedAt', t('residentNotices.column.openedAt'), {
      format: (notice) =>
        notice.openedAt === null ? t('residentNotices.notOpened') : formatDate(notice.openedAt),
    }),
  ]
  const caption =
    month === undefined
      ? t('residentNotices.title')
      : t(onlyNotInformed ? 'residentNotices.captionNotInformed' : 'residentNotices.caption', {
          month: formatMonth(month),
        })

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography variant="h5" component="h2" id={titleId} gutterBottom>
        {t('residentNotices.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('residentNotices.intro')}
      </Typography>
      {month !== undefined && (
        <TextField
          select
          size="small"
          label={t('residentNotices.month')}
          value={month}
          onChange={(event) => {
            download.reset()
            setChoice({ month: event.target.value, latest: latest ?? event.target.value })
          }}
          sx={{ mb: 2, minWidth: 220 }}
        >
          {months.map((option) => (
            <MenuItem key={option} value={option}>
              {formatMonth(option)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {(notices.isPending || notices.isPlaceholderData) && (
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          {t('residentNotices.loading')}
        </Typography>
      )}
      {notices.isError && <ErrorNotice error={notices.error} />}
      {shown && items.length === 0 && <Typography>{t('residentNotices.none')}</Typography>}
      {shown && items.length > 0 && (
        <>
          <Typography sx={{ mb: 1 }}>{t('residentNotices.counts', counts)}</Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap', mb: 1 }}
          >
            <Button
              variant="outlined"
              disabled={!hasLetters}
              loading={download.isPending}
              onClick={downloadLetters}
              aria-describedby={reasonId}
            >
              {t('residentNotices.download')}
            </Button>
            <Typography
              id={reasonId}
              variant="body2"
              sx={{ color: 'text.secondary', flex: '1 1 20rem' }}
            >
              {hasLetters ? t('residentNotices.lettersHint') : t('residentNotices.noLetters')}
            </Typography>
          </Stack>
          {download.isError && (
            <Box sx={{ mb: 1 }}>
              <ErrorNotice error={download.error} />
            </Box>
          )}
          <VisuallyHidden role="status" aria-live="polite">
            {download.isSuccess ? t('residentNotices.downloadStarted') : ''}
          </VisuallyHidden>
          {/* a select, not a switch: the table's pagination loads the select already */}
          <TextField
            select
            size="small"
            label={t('residentNotices.show.label')}
            value={onlyNotInformed ? 'notInformed' : 'all'}
            onChange={(event) => setOnlyNotInformed(event.target.value === 'notInformed')}
            sx={{ mt: 1, mb: 1, minWidth: 220 }}
          >
            <MenuItem value="all">{t('residentNotices.show.all')}</MenuItem>
            <MenuItem value="notInformed">{t('residentNotices.show.notInformed')}</MenuItem>
          </TextField>
          <DataTable
            caption={caption}
            exportName={caption}
            columns={columns}
            rows={rows}
            size="small"
            getRowId={(row) => row.id}
            searchable
          />
        </>
      )}
    </Box>
  )
}

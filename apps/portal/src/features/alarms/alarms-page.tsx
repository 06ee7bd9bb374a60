import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  ALARM_STATE_CHANGES,
  formatStreetAddress,
  type AlarmState,
  type Connection,
  type DeviceAlarm,
} from '@portal/domain'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { dateColumn } from '../../components/data-table/columns'
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table'
import { useRememberSearch } from '../../components/data-table/remembered-search'
import { ErrorNotice } from '../../components/error-notice'
import { PageTitle } from '../../components/kit/page-title'
import { getMeta } from '../../lib/session'
import { useChangeAlarmState, useDeviceAlarms, type AlarmChange } from './api/device-alarms'
import './locales'

/** The filter's choices of state: open and seen (the default), one state, or all. */
const STATE_FILTERS = ['active', 'OFFEN', 'GESEHEN', 'ERLEDIGT', 'all'] as const
type StateFilter = (typeof STATE_FILTERS)[number]

const shownIn = (filter: StateFilter, state: AlarmState) =>
  filter === 'all' || (filter === 'active' ? state !== 'ERLEDIGT' : state === filter)

/** The button of each change a manager may make: seen, done, or open again. */
const ACTION_OF: Record<AlarmState, string> = {
  GESEHEN: 'alarms.action.seen',
  ERLEDIGT: 'alarms.action.done',
  OFFEN: 'alarms.action.reopen',
}

const propertyChoice = (c: Connection) =>
  [[c.name1, c.name2].filter(Boolean).join(' '), formatStreetAddress(c)].filter(Boolean).join(' – ')

const unitText = (a: DeviceAlarm) =>
  [a.unitReference ?? a.pointOfDelivery, a.unitLocation].filter(Boolean).join(' · ')

/**
 * Decision 070: the alarms the daily job finds in the readings of every property the user sees,
 * filtered by state (open and seen unless chosen otherwise) and property, both in the address;
 * each with what it found, where, and the buttons of the changes its state allows.
 */
export function Component() {
  const { t } = useTranslation()
  useRememberSearch('/alarms')
  const [params, setParams] = useSearchParams()
  const properties = getMeta()
  const stateParam = params.get('state')
  const filter: StateFilter = STATE_FILTERS.includes(stateParam as StateFilter)
    ? (stateParam as StateFilter)
    : 'active'
  const propertyParam = params.get('property')
  const property = properties.some((p) => p.connection === propertyParam) ? propertyParam : null
  const alarms = useDeviceAlarms()
  const change = useChangeAlarmState()
  const [announcement, setAnnouncement] = useState('')
  const status = useRef<HTMLElement>(null)
  /** The alarm whose state just changed: the focus follows it once the table shows the change. */
  const focusAfter = useRef<string | null>(null)
  /** Counts the changes done, so that each one moves the focus once. */
  const [changes, setChanges] = useState(0)
  const rows = (alarms.data ?? []).filter(
    (a) => shownIn(filter, a.state) && (property === null || a.propertyConnection === property),
  )

  useEffect(() => {
    const id = focusAfter.current
    if (id === null) return
    focusAfter.current = null
    // the row's first button when it still shows, else the message of what was done
    const row = document.querySelector(`[data-alarm-actions="${CSS.escape(id)}"]`)
    const button = row?.querySelector<HTMLButtonElement>('button')
    if (button) button.focus()
    else status.current?.focus()
  }, [changes])

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === null) next.delete(name)
        else next.set(name, value)
        next.delete('page')
        return next
      },
      { replace: true },
    )

  const act = (alarm: DeviceAlarm, state: AlarmState) =>
    change.mutate({ id: alarm.id, state } satisfies AlarmChange, {
      onSuccess: (changed) => {
        setAnnouncement(
          t('alarms.changed', {
            title: changed.title,
            unit: unitText(changed),
            state: changed.stateLabel,
          }),
        )
        focusAfter.current = changed.id
        setChanges((n) => n + 1)
      },
    })

  const columns: DataTableColumn<DeviceAlarm>[] = [
    { key: 'title', header: t('alarms.column.alarm'), primary: true, phone: true },
    // on a phone in the row's details, with property, unit, device and day
    {
      key: 'explanation',
      header: t('alarms.column.explanation'),
      cell: (a) => <Box sx={{ minWidth: { sm: 240 } }}>{a.explanation}</Box>,
    },
    {
      key: 'property',
      header: t('alarms.column.property'),
      format: (a) => a.propertyName || a.propertyConnection,
      cell: (a) => (
        <Link component={RouterLink} to={`/properties/${encodeURIComponent(a.propertyConnection)}`}>
          {a.propertyName || a.propertyConnection}
        </Link>
      ),
    },
    {
      key: 'unit',
      header: t('alarms.column.unit'),
      format: unitText,
      cell: (a) => (
        <Link component={RouterLink} to={a.link}>
          {unitText(a)}
        </Link>
      ),
    },
    {
      key: 'device',
      header: t('alarms.column.device'),
      format: (a) => a.serialNumber ?? a.device ?? '–',
    },
    dateColumn('detectedOn', t('alarms.column.detectedOn')),
    {
      key: 'state',
      header: t('alarms.column.state'),
      format: (a) => a.stateLabel,
      phone: true,
      cell: (a) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-alarm-actions={a.id}>
          <span>{a.stateLabel}</span>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {ALARM_STATE_CHANGES[a.state].map((state) => (
              <Button
                key={state}
                size="small"
                variant="outlined"
                disabled={change.isPending}
                aria-label={t(`${ACTION_OF[state]}Label`, { title: a.title, unit: unitText(a) })}
                onClick={() => act(a, state)}
              >
                {t(ACTION_OF[state])}
              </Button>
            ))}
          </Stack>
        </Stack>
      ),
    },
  ]

  const title = t('alarms.title')
  return (
    <>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('alarms.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          label={t('alarms.filter.state')}
          value={filter}
          onChange={(event) =>
            setParam('state', event.target.value === 'active' ? null : event.target.value)
          }
          sx={{ minWidth: 220 }}
        >
          {STATE_FILTERS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`alarms.filter.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        {properties.length > 1 && (
          <TextField
            select
            label={t('alarms.filter.property')}
            value={property ?? ''}
            onChange={(event) => setParam('property', event.target.value || null)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 420 }, maxWidth: '100%' }}
          >
            <MenuItem value="">{t('alarms.filter.allProperties')}</MenuItem>
            {properties.map((p) => (
              <MenuItem key={p.connection} value={p.connection} sx={{ whiteSpace: 'normal' }}>
                {propertyChoice(p)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Typography role="status" ref={status} tabIndex={-1} sx={{ mb: announcement ? 2 : 0 }}>
        {announcement}
      </Typography>
      {change.isError && <ErrorNotice error={change.error} />}
      {alarms.isError ? (
        <ErrorNotice error={alarms.error} />
      ) : (
        <DataTable
          caption={title}
          exportName={t('alarms.exportName')}
          columns={columns}
          rows={rows}
          loading={alarms.isPending}
          getRowId={(a) => a.id}
          stateKey=""
          initialOptions={{ sortBy: [{ key: 'detectedOn', order: 'desc' }] }}
          searchable
          emptyText={t('alarms.empty')}
          size="small"
        />
      )}
    </>
  )
}

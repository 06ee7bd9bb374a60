import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns'
import { DatePicker } from '@mui/x-date-pickers/DatePicker'
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider'
import { deDE } from '@mui/x-date-pickers/locales'
import { de } from 'date-fns/locale/de'
import { useRef, useState, type FocusEvent } from 'react'
import type { DateFieldProps } from './date-field'

/** What the form holds for a date typed only in part or not in the calendar (31.02.): no ISO date. */
export const INCOMPLETE_DATE = 'unvollständig'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const pad = (value: number, length: number) => String(value).padStart(length, '0')

/** 'YYYY-MM-DD' as local midnight of that day; null for '' and anything else. */
export function isoToDate(value: string): Date | null {
  const match = ISO_DATE.exec(value)
  if (!match) return value === INCOMPLETE_DATE ? new Date(Number.NaN) : null
  const date = new Date(2000, Number(match[2]) - 1, Number(match[3]))
  // setFullYear, so that the years 0–99 are not read as 1900–1999
  date.setFullYear(Number(match[1]))
  return date
}

/** The picker's day as 'YYYY-MM-DD' in local time; '' for none, INCOMPLETE_DATE for an invalid one. */
export function dateToIso(date: Date | null): string {
  if (date === null) return ''
  if (Number.isNaN(date.getTime())) return INCOMPLETE_DATE
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`
}

const LOCALE_TEXT = {
  ...deDE.components.MuiLocalizationProvider.defaultProps.localeText,
  // MUI's German says "Letzter Monat" (the last month of a year) for the previous one
  previousMonth: 'Vorheriger Monat',
  openPreviousView: 'Vorherige Ansicht öffnen',
}

/**
 * The calendar picker behind DateField, loaded with the first date field shown: German day order
 * and words whatever the browser's language, the form's ISO value in and out.
 */
export default function DateFieldPicker({
  label,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  required,
  disabled,
  error,
  helperText,
}: DateFieldProps) {
  // the date the picker reported last, handed back as it came: a half-typed date stays in the
  // field (a new invalid date would empty its sections)
  const [last, setLast] = useState<{ iso: string; date: Date | null } | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const date = last?.iso === value ? last.date : isoToDate(value)
  const report = (iso: string, next: Date | null) => {
    setLast({ iso, date: next })
    if (iso !== value) onChange(iso)
  }
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={de} localeText={LOCALE_TEXT}>
      <DatePicker
        ref={root}
        label={label}
        name={name}
        value={date}
        format="dd.MM.yyyy"
        disabled={disabled}
        onChange={(next) => report(dateToIso(next), next)}
        inputRef={inputRef}
        slotProps={{
          textField: {
            required,
            fullWidth: true,
            // the form's message decides, not the picker's own range check
            error,
            helperText,
            // the sections are the tab stops (spin buttons); their container, which has no role of
            // its own, would be one more stop that only hands the focus on
            slotProps: { input: { slotProps: { input: { tabIndex: -1 } } } },
            onBlur: (event: FocusEvent<HTMLElement>) => {
              // the picker reports nothing while a date is typed only in part (12.03.): the form
              // learns of it when the user leaves the field, so that it asks for the rest
              if (date === null) {
                // a section with a value has aria-valuenow (day, month and year are spin buttons)
                const typed = root.current?.querySelector('[role="spinbutton"][aria-valuenow]')
                report(typed ? INCOMPLETE_DATE : '', null)
              }
              onBlur?.(event)
            },
          },
        }}
      />
    </LocalizationProvider>
  )
}

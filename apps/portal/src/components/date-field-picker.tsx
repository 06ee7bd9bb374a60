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

/**
 * 'YYYY-MM-DD' as local midnight of that day; null for '' and anything else; an invalid date for
 * INCOMPLETE_DATE and for a typed day that does not exist ('2025-02-31' is not 3 March).
 */
export function isoToDate(value: string): Date | null {
  const match = ISO_DATE.exec(value)
  if (!match) return value === INCOMPLETE_DATE ? new Date(Number.NaN) : null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(2000, month - 1, day)
  // setFullYear, so that the years 0–99 are not read as 1900–1999
  date.setFullYear(year)
  return date.getMonth() === month - 1 && date.getDate() === day ? date : new Date(Number.NaN)
}

/**
 * What the user typed into the field's day, month and year sections (spin buttons with
 * aria-valuenow once they hold a value): 'YYYY-MM-DD' when all three are filled, even for a day
 * that does not exist (31.02.2025 becomes '2025-02-31', which the form's date rule names as such),
 * INCOMPLETE_DATE when only some are, '' when none is.
 */
export function typedDate(root: HTMLElement | null): string {
  const sections = [...(root?.querySelectorAll('[role="spinbutton"]') ?? [])]
  const values = sections.map((section) => section.getAttribute('aria-valuenow'))
  const filled = values.filter((value): value is string => value !== null && value !== '')
  if (filled.length === 0) return ''
  // the format is dd.MM.yyyy: day, month, year in this order
  if (sections.length !== 3 || filled.length !== 3) return INCOMPLETE_DATE
  const [day, month, year] = filled.map(Number) as [number, number, number]
  if (year < 1000) return INCOMPLETE_DATE
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
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
              // the picker reports nothing while a date is typed only in part (12.03.) and only
              // "invalid" for a day that does not exist (31.02.2025): the form learns which when
              // the user leaves the field, so that it asks for the rest or names the day. The
              // picker keeps its own date, so that what was typed stays in the field.
              if (date === null || Number.isNaN(date.getTime()))
                report(typedDate(root.current), date)
              onBlur?.(event)
            },
          },
        }}
      />
    </LocalizationProvider>
  )
}

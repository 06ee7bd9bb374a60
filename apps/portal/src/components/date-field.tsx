import TextField from '@mui/material/TextField'
import { DATE_DOES_NOT_EXIST_MESSAGE, INVALID_DATE_MESSAGE } from '@portal/domain'
import { lazy, Suspense, type FocusEventHandler, type Ref } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

export type DateFieldProps = {
  label: string
  name?: string
  /** 'YYYY-MM-DD', '' for none; what the form sends. */
  value: string
  onChange: (value: string) => void
  onBlur?: FocusEventHandler
  inputRef?: Ref<HTMLInputElement>
  required?: boolean
  disabled?: boolean
  error?: boolean
  helperText?: string
}

// the picker and its date library load with the first dialog that shows a date, not before
const Picker = lazy(() => import('./date-field-picker'))

/**
 * A date typed as TT.MM.JJJJ (German order whatever the browser's language) or chosen in a
 * calendar; the value is the ISO date 'YYYY-MM-DD' the forms send. Until the picker has loaded, a
 * disabled field of the same size holds its place.
 */
export function DateField(props: DateFieldProps) {
  const { t } = useTranslation()
  return (
    <Suspense
      fallback={
        <TextField
          label={props.label}
          required={props.required}
          placeholder={t('dateField.placeholder')}
          disabled
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
      }
    >
      <Picker {...props} />
    </Suspense>
  )
}

/** A typed 'YYYY-MM-DD', whether the day exists or not, as the user typed it: TT.MM.JJJJ. */
function typedAsGerman(value: string): string {
  const [year, month, day] = value.split('-')
  return `${day}.${month}.${year}`
}

/** A date field bound to a react-hook-form field, showing the field's message under it. */
export function ControlledDateField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  required,
}: {
  name: Path<T>
  control: Control<T, unknown, TOut>
  label: string
  required?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message
        return (
          <DateField
            label={label}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required={required}
            disabled={field.disabled}
            error={Boolean(fieldState.error)}
            // the shared rules speak of the wire format (JJJJ-MM-TT); here the user types TT.MM.JJJJ
            helperText={
              message === INVALID_DATE_MESSAGE
                ? t('dateField.invalid')
                : message === DATE_DOES_NOT_EXIST_MESSAGE
                  ? t('dateField.doesNotExist', { date: typedAsGerman(field.value ?? '') })
                  : message
            }
          />
        )
      }}
    />
  )
}

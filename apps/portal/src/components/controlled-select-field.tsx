import TextField, { type TextFieldProps } from '@mui/material/TextField'
import type { ReactNode } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'

/**
 * A select bound to a react-hook-form field, showing the field's message under it, else
 * `helperText`. The options may depend on the field's value; `onPick` runs after each choice.
 */
export function ControlledSelectField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  helperText,
  onPick,
  children,
  ...props
}: {
  name: Path<T>
  control: Control<T, unknown, TOut>
  helperText?: ReactNode
  onPick?: () => void
  children: ReactNode | ((value: unknown) => ReactNode)
} & Omit<TextFieldProps, 'name' | 'select' | 'helperText' | 'children' | 'onChange'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event)
            onPick?.()
          }}
          select
          fullWidth
          {...props}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        >
          {typeof children === 'function' ? children(field.value) : children}
        </TextField>
      )}
    />
  )
}

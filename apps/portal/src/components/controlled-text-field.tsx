import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'

/** A text field bound to a react-hook-form field, showing the field's message under it. */
export function ControlledTextField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  ...props
}: { name: Path<T>; control: Control<T, unknown, TOut> } & Omit<TextFieldProps, 'name'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          value={field.value ?? ''}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  )
}

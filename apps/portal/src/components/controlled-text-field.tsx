import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Field, type FieldProps } from './kit/field'

/** The kit's text field bound to a react-hook-form field, showing the field's message under it. */
export function ControlledTextField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  ...props
}: { name: Path<T>; control: Control<T, unknown, TOut> } & Omit<
  FieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'error' | 'helperText'
>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Field
          {...field}
          {...props}
          value={field.value ?? ''}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  )
}

import { Field, PasswordField, type FieldProps } from '../kit/field'
import type { KitFieldProps } from './kit'

const asFieldProps = ({ onChange, error, ...props }: KitFieldProps): FieldProps => ({
  ...props,
  onChange: (event) => onChange(event.target.value),
  error: error !== undefined,
  helperText: error,
})

/**
 * The kit's fields as the second factor's steps call them (the value in `onChange`, the message
 * as `error`), on the sign-in page and in the account page's dialogs alike (decisions 048, 049).
 */
export function KitField(props: KitFieldProps) {
  return <Field {...asFieldProps(props)} />
}

export function KitPasswordField(props: KitFieldProps) {
  return <PasswordField {...asFieldProps(props)} />
}

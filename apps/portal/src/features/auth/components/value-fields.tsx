import type { Ref } from 'react'
import { Field, PasswordField, type FieldProps } from '../../../components/kit/field'

type ValueFieldProps = Omit<FieldProps, 'onChange' | 'error' | 'helperText' | 'ref' | 'value'> & {
  value: string
  onChange: (value: string) => void
  /** The message of what is wrong with the value; the field is invalid while there is one. */
  error?: string
  ref?: Ref<HTMLInputElement>
}

const asFieldProps = ({ onChange, error, ...props }: ValueFieldProps): FieldProps => ({
  ...props,
  onChange: (event) => onChange(event.target.value),
  error: error !== undefined,
  helperText: error,
})

/**
 * The kit's fields as the second-factor set-up and step call them, with the value in `onChange`
 * and the message as `error`, until those screens move to the kit's own props (the second-factor
 * part of issue 27).
 */
export function ValueField(props: ValueFieldProps) {
  return <Field {...asFieldProps(props)} />
}

export function ValuePasswordField(props: Omit<ValueFieldProps, 'type' | 'endAdornment'>) {
  return <PasswordField {...asFieldProps(props)} />
}

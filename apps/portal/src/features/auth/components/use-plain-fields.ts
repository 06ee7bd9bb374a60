import { useRef, useState } from 'react'

/**
 * The fields of a plain form (decision 027): their values, the props that bind a PlainField to
 * one (with the message of what is wrong with it), and the focus for the first field with a
 * problem. `onEdit` hears which field the user changed.
 */
export function usePlainFields<Field extends string>(
  initial: Record<Field, string>,
  onEdit?: (name: Field) => void,
) {
  const [values, setValues] = useState(initial)
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})
  const field = (name: Field, error: string | undefined) => ({
    name,
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }))
      onEdit?.(name)
    },
    error,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input
    },
  })
  const focus = (name: Field) => inputs.current[name]?.focus()
  return { values, field, focus }
}

import { useRef, useState, type ChangeEvent } from 'react'

/**
 * The fields of a signed-out form, which has no form library (decision 027): their values, the
 * props that bind a kit Field to one (with the message of what is wrong with it), and the focus
 * for the first field with a problem. `onEdit` hears which field the user changed.
 */
export function useFormFields<Field extends string>(
  initial: Record<Field, string>,
  onEdit?: (name: Field) => void,
) {
  const [values, setValues] = useState(initial)
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})
  const field = (name: Field, problem: string | undefined) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target
      setValues((current) => ({ ...current, [name]: value }))
      onEdit?.(name)
    },
    error: problem !== undefined,
    helperText: problem,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input
    },
  })
  const focus = (name: Field) => inputs.current[name]?.focus()
  return { values, field, focus }
}

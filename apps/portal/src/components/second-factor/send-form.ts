import { REQUIRED_MESSAGE } from '@portal/domain'
import { createRef, useCallback, useEffect, useState, type FormEvent, type RefObject } from 'react'
import { fieldErrorOf } from '../../lib/form-errors'

/** How a typed value is sent. An app's code as digits: some apps show it as "123 456". */
export const digitsOf = (typed: string) => typed.replace(/\s/g, '')
/** A recovery code as typed (the server forgives case, blanks and dashes). */
export const trimmed = (typed: string) => typed.trim()
export const asTyped = (typed: string) => typed

/**
 * A form of the second factor (a password, a code, or both), the same for every one of them: the
 * first field takes the focus as the form appears; sending names each empty field and focuses the
 * first; the server's message about a field stands at it, and that field (or the only one) takes
 * the focus again with its text selected, once the message is on the page for a screen reader to
 * read. `send` settles when it failed; on success the form keeps its busy button, as what comes
 * next replaces it.
 */
export function useSendForm<Name extends string>({
  fields,
  send,
}: {
  /** The fields in their order, each with how its value is sent. */
  fields: Readonly<Record<Name, (typed: string) => string>>
  send: (values: Record<Name, string>) => Promise<unknown>
}) {
  const names = Object.keys(fields) as Name[]
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>,
  )
  const [refs] = useState(
    () =>
      Object.fromEntries(names.map((name) => [name, createRef<HTMLInputElement>()])) as Record<
        Name,
        RefObject<HTMLInputElement | null>
      >,
  )
  const [checked, setChecked] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const atField = fieldErrorOf(error, names)
  const refused = atField?.field ?? (names.length === 1 ? names[0] : undefined)

  const first = names[0]
  const focusFirst = useCallback(() => {
    if (first !== undefined) refs[first].current?.focus()
  }, [refs, first])
  useEffect(focusFirst, [focusFirst])
  useEffect(() => {
    if (error === null || refused === undefined) return
    refs[refused].current?.focus()
    refs[refused].current?.select()
  }, [error, refused, refs])

  const cleaned = (name: Name) => fields[name](values[name])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setChecked(true)
    const empty = names.find((name) => cleaned(name) === '')
    if (empty !== undefined) {
      refs[empty].current?.focus()
      return
    }
    setPending(true)
    setError(null)
    const sent = Object.fromEntries(names.map((name) => [name, cleaned(name)]))
    send(sent as Record<Name, string>).catch((caught: unknown) => {
      setError(caught)
      setPending(false)
    })
  }

  /** The props of a field of the kit, but its label and kind. */
  const field = (name: Name) => ({
    name,
    value: values[name],
    onChange: (value: string) => {
      setValues((typed) => ({ ...typed, [name]: value }))
      // the server's message was about what stood there before
      if (atField?.field === name) setError(null)
    },
    required: true,
    error:
      checked && cleaned(name) === ''
        ? REQUIRED_MESSAGE
        : atField?.field === name
          ? atField.message
          : undefined,
    ref: refs[name],
  })

  /** Empties the form, as a switch to another kind of code does. */
  const reset = () => {
    setValues(Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>)
    setChecked(false)
    setError(null)
  }

  return {
    field,
    /** The failure no field shows; null while there is none. */
    error: atField ? null : error,
    pending,
    /** What the kit's form is given; `changed` for a frame that asks before leaving (decision 045). */
    formProps: { pending, changed: names.some((name) => values[name] !== ''), onSubmit: submit },
    reset,
    /** Puts the focus on the first field (after a switch of what it asks for). */
    focus: focusFirst,
  }
}

/**
 * Server errors the user can fix (§8 as the portal reads it): a 4xx carries a German `detail`, and
 * `field` when it is about one input. A form shows such a detail at its field; what no field shows,
 * ErrorNotice shows as it is. Only 5xx and network failures get the generic text with the code.
 */
import { useEffect, useRef } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api-client'

/** A 4xx with the server's German detail: the user can act on it, no error code needed. */
export function isUserFixable(error: unknown): error is ApiError & { detail: string } {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && Boolean(error.detail)
  )
}

/**
 * The server's message for an input the form shows: a 4xx whose `field` is one of `fieldNames`
 * (below `prefix`, e.g. `activity.payload` for the fields of a tenant change); null otherwise.
 */
export function fieldErrorOf<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
  prefix = '',
): { field: F; message: string } | null {
  if (!isUserFixable(error) || !error.field) return null
  if (prefix && !error.field.startsWith(`${prefix}.`)) return null
  const path = prefix ? error.field.slice(prefix.length + 1) : error.field
  const field = fieldNames.find((name) => name === path)
  return field === undefined ? null : { field, message: error.detail }
}

/**
 * Puts the server's message of a failed submission at its field (react-hook-form `setError`, with
 * the focus there) once per error, and answers what a notice still has to show: the error, or null
 * when a field shows it.
 */
export function useServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  prefix = '',
): unknown {
  const atField = fieldErrorOf(error, fieldNames, prefix)
  const shown = useRef<unknown>(null)
  const field = atField?.field
  const message = atField?.message
  useEffect(() => {
    if (field === undefined || message === undefined || shown.current === error) return
    shown.current = error
    setError(field, { type: 'server', message }, { shouldFocus: true })
  }, [error, field, message, setError])
  return atField ? null : error
}

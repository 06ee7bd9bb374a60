import type { ComponentType, FormEvent, ReactNode, Ref } from 'react'

/** What a field of the second factor's forms is given: the signed-out kit's props, a subset. */
export interface KitFieldProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  autoComplete?: string
  inputMode?: 'numeric' | 'text'
  required?: boolean
  /** The message of what is wrong with the value; the field is invalid while there is one. */
  error?: string
  describedBy?: string
  ref?: Ref<HTMLInputElement>
}

export interface KitFormProps {
  /** The form's accessible name. */
  label: string
  submitLabel: string
  pending: boolean
  /** Whether anything is typed: a frame inside the app shell asks before leaving (decision 045). */
  changed: boolean
  onSubmit: (event: FormEvent) => void
  /** Where the form offers a way out beside its button (a dialog's "Abbrechen"). */
  onCancel?: () => void
  children: ReactNode
}

/**
 * The parts the shared steps draw with. The sign-in page passes its plain kit, which keeps MUI
 * out of `/authenticate` (decision 027); the account page passes MUI's, inside its dialog: the
 * steps are one implementation either way (decision 049).
 */
export interface SecondFactorKit {
  Form: ComponentType<KitFormProps>
  Field: ComponentType<KitFieldProps>
  PasswordField: ComponentType<KitFieldProps>
  /** A failure that no field shows (§8). */
  Outcome: ComponentType<{ error: unknown }>
}

import { useId, useState, type ReactNode, type Ref } from 'react'
import { PlainIcon } from './plain-alert'

const VISIBILITY_PATH =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3'
const VISIBILITY_OFF_PATH =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z'

export interface PlainFieldProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  type?: string
  autoComplete?: string
  /** The keyboard a phone shows (`numeric` for a code of digits). */
  inputMode?: 'numeric' | 'text'
  required?: boolean
  readOnly?: boolean
  /** The message of what is wrong with the value; the field is invalid while there is one. */
  error?: string
  /** Ids of further texts that describe the field (rules, hints). */
  describedBy?: string
  endAdornment?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/**
 * An outlined text field as MUI's TextField draws it (floating label, notched outline, helper
 * text, the asterisk of a required field hidden from screen readers), in plain markup: the input
 * is named by its label, described by its message, and `aria-invalid` while it has one.
 */
export function PlainField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  required = false,
  readOnly,
  error,
  describedBy,
  endAdornment,
  ref,
}: PlainFieldProps) {
  const id = useId()
  const helperId = `${id}-helper-text`
  const descriptions = [error ? helperId : undefined, describedBy].filter(Boolean).join(' ')
  const asterisk = required ? '\u2009*' : ''
  return (
    <div
      className="auth-field"
      data-filled={value !== '' || undefined}
      data-invalid={error ? true : undefined}
    >
      <label className="auth-field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true">{asterisk}</span>}
      </label>
      <div
        className={
          endAdornment ? 'auth-field__control auth-field__control--adorned' : 'auth-field__control'
        }
      >
        <input
          ref={ref}
          id={id}
          className="auth-field__input"
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={descriptions || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {endAdornment && <div className="auth-field__adornment">{endAdornment}</div>}
        <fieldset className="auth-field__outline" aria-hidden="true">
          <legend>
            <span>{`${label}${asterisk}`}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p className="auth-field__helper" id={helperId}>
          {error}
        </p>
      )}
    </div>
  )
}

/** A password field with a show/hide toggle that screen readers can name. */
export function PlainPasswordField(props: Omit<PlainFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false)
  return (
    <PlainField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="auth-icon-button auth-icon-button--edge-end"
          aria-label={visible ? 'Passwort verbergen' : 'Passwort anzeigen'}
          onClick={() => setVisible((shown) => !shown)}
        >
          <PlainIcon path={visible ? VISIBILITY_OFF_PATH : VISIBILITY_PATH} />
        </button>
      }
    />
  )
}

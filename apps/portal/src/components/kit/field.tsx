import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ChangeEventHandler,
  type CSSProperties,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react'
import { IconButton } from './icon-button'

export interface FieldProps {
  label: string
  name?: string
  /** Without it the field holds its own value (a form library's `register`). */
  value?: string
  onChange?: ChangeEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
  type?: string
  autoComplete?: string
  /** The keyboard a phone shows (`numeric` for a code of digits, `decimal` for an amount). */
  inputMode?: 'numeric' | 'decimal' | 'text'
  required?: boolean
  readOnly?: boolean
  /** The field is invalid (red, `aria-invalid`); its message is the helper text. */
  error?: boolean
  /** The text under the field: its message while invalid, else a hint. */
  helperText?: ReactNode
  /** Ids of further texts that describe the field (rules, hints). */
  describedBy?: string
  endAdornment?: ReactNode
  /** A text of several lines, at least this many high, growing with what is typed. */
  minRows?: number
  ref?: Ref<HTMLInputElement>
}

/**
 * An outlined text field as MUI's TextField draws it (floating label, notched outline, helper
 * text, the asterisk of a required field hidden from screen readers), in plain markup, for the
 * signed-out and the signed-in screens alike (decision 048): the input is named by its label,
 * described by its helper text and `aria-invalid` while it has an error.
 */
export function Field({
  label,
  type = 'text',
  required = false,
  error = false,
  helperText,
  describedBy,
  endAdornment,
  minRows,
  ref,
  onChange,
  ...input
}: FieldProps) {
  const id = useId()
  const helperId = `${id}-helper-text`
  const descriptions = [helperText ? helperId : undefined, describedBy].filter(Boolean).join(' ')
  const asterisk = required ? '\u2009*' : ''
  const frame = useRef<HTMLDivElement>(null)
  const control = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null)
  // the label floats above a value: after every render, as a form library may have set the value
  // of a field it registered (a reset) without a change event
  const markFilled = () => {
    frame.current?.toggleAttribute('data-filled', (control.current?.value ?? '') !== '')
  }
  useLayoutEffect(markFilled)
  const bind = (element: HTMLInputElement | null) => {
    control.current = element
    if (typeof ref === 'function') ref(element)
    else if (ref) ref.current = element
  }
  const props = {
    ...input,
    id,
    ref: bind,
    required,
    'aria-invalid': error || undefined,
    'aria-describedby': descriptions || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onChange?.(event)
      markFilled()
    },
  }
  return (
    <div ref={frame} className="kit-field" data-invalid={error || undefined}>
      <label className="kit-field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true">{asterisk}</span>}
      </label>
      <div
        className={
          endAdornment ? 'kit-field__control kit-field__control--adorned' : 'kit-field__control'
        }
      >
        {minRows ? (
          <textarea
            // a text of several lines takes the same props; a form library reads only its value
            {...(props as unknown as TextareaHTMLAttributes<HTMLTextAreaElement>)}
            ref={bind as unknown as Ref<HTMLTextAreaElement>}
            className="kit-field__input kit-field__input--multiline"
            rows={minRows}
            // the CSSOM, which the Content-Security-Policy allows (no inline style attribute)
            style={{ '--kit-rows': minRows } as CSSProperties}
          />
        ) : (
          <input {...props} className="kit-field__input" type={type} />
        )}
        {endAdornment && <div className="kit-field__adornment">{endAdornment}</div>}
        <fieldset className="kit-field__outline" aria-hidden="true">
          <legend>
            <span>{`${label}${asterisk}`}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p className="kit-field__helper" id={helperId}>
          {helperText}
        </p>
      )}
    </div>
  )
}

const VISIBILITY_PATH =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3'
const VISIBILITY_OFF_PATH =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z'

/** A password field with a show/hide toggle that screen readers can name. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'endAdornment' | 'minRows'>) {
  const [visible, setVisible] = useState(false)
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <IconButton
          label={visible ? 'Passwort verbergen' : 'Passwort anzeigen'}
          path={visible ? VISIBILITY_OFF_PATH : VISIBILITY_PATH}
          edgeEnd
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  )
}

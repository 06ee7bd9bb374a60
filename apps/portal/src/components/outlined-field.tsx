import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'
import {
  forwardRef,
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
} from 'react'

export interface OutlinedFieldProps {
  label: string
  name?: string
  value?: string
  onChange?: ChangeEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
  type?: string
  autoComplete?: string
  /** The keyboard a phone shows (`numeric` for a code of digits). */
  inputMode?: 'numeric' | 'text'
  required?: boolean
  error?: boolean
  helperText?: ReactNode
  /** Ids of further texts that describe the field (rules, hints). */
  describedBy?: string
  endAdornment?: ReactNode
}

/**
 * An outlined text input with label and helper text, as MUI's TextField draws it, built from the
 * parts TextField uses without its select mode: the sign-in page does not load the menu, popover
 * and modal code a select needs (docs/performance.md).
 */
export const OutlinedField = forwardRef<HTMLInputElement, OutlinedFieldProps>(
  function OutlinedField(
    { label, required, error, helperText, describedBy, endAdornment, inputMode, ...input },
    ref,
  ) {
    const id = useId()
    const helperId = `${id}-helper-text`
    const descriptions = [helperText ? helperId : undefined, describedBy].filter(Boolean).join(' ')
    return (
      <FormControl variant="outlined" required={required} error={error}>
        <InputLabel htmlFor={id}>{label}</InputLabel>
        <OutlinedInput
          {...input}
          id={id}
          inputRef={ref}
          label={label}
          endAdornment={endAdornment}
          inputProps={{ 'aria-describedby': descriptions || undefined, inputMode }}
        />
        {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
      </FormControl>
    )
  },
)

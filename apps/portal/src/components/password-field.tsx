import Visibility from '@mui/icons-material/Visibility'
import VisibilityOff from '@mui/icons-material/VisibilityOff'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import { forwardRef, useState } from 'react'
import { OutlinedField, type OutlinedFieldProps } from './outlined-field'

/** A password input with a show/hide toggle that screen readers can name. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<OutlinedFieldProps, 'type'>>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false)
    return (
      <OutlinedField
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={visible ? 'Passwort verbergen' : 'Passwort anzeigen'}
              onClick={() => setVisible((v) => !v)}
              edge="end"
            >
              {visible ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
    )
  },
)

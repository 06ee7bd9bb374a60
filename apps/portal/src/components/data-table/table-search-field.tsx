import SearchIcon from '@mui/icons-material/Search'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import { useId, useState } from 'react'

type Input = {
  text: string
  /** Values sent with `onChange` that have not come back as `value` yet. */
  sent: string[]
}

/**
 * The table's search field. It keeps what is typed itself: the search may live in the address,
 * which catches up a moment later, and a field that waited for it would lose keystrokes and its
 * caret. A value that was not sent from here (back, a link) replaces the text.
 */
export function TableSearchField({
  label,
  value,
  externalChange,
  onChange,
}: {
  label: string
  value: string
  /**
   * A new token means the value was set from outside (back or forward): it replaces the text even
   * when the field never saw its own last keystroke come back, as when back follows typing at once.
   */
  externalChange?: string | undefined
  onChange: (value: string) => void
}) {
  const id = useId()
  const [input, setInput] = useState<Input>({ text: value, sent: [] })
  const [seen, setSeen] = useState(value)
  const [seenChange, setSeenChange] = useState(externalChange)
  if (externalChange !== seenChange) {
    setSeenChange(externalChange)
    setSeen(value)
    if (externalChange !== undefined) setInput({ text: value, sent: [] })
  } else if (value !== seen) {
    setSeen(value)
    const echo = input.sent.indexOf(value)
    setInput(
      echo >= 0
        ? { text: input.text, sent: input.sent.slice(echo + 1) }
        : { text: value, sent: [] },
    )
  }
  return (
    <TextField
      id={id}
      type="search"
      size="small"
      label={label}
      value={input.text}
      onChange={(event) => {
        const text = event.target.value
        setInput((current) => ({ text, sent: [...current.sent, text] }))
        onChange(text)
      }}
      sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  )
}

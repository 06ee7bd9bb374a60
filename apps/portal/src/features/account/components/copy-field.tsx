import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '../../../components/kit/field'
import { IconButton } from '../../../components/kit/icon-button'
import '../locales'

/** Material's "content copy" icon. */
const COPY_PATH =
  'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z'

/**
 * A value to type into other software (an address, a user name, a password): read-only, in a
 * typewriter font that tells 0 from O and l from 1, wrapped rather than cut off on a narrow screen,
 * with a button that copies it and says so.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  // the clipboard is there on https and localhost only; elsewhere the text can still be selected
  const clipboard = typeof navigator.clipboard?.writeText === 'function'
  const copyLabel = t('account.consumptionAccess.copy', { label })
  return (
    <Box sx={{ '& .kit-field__input': { fontFamily: 'monospace', wordBreak: 'break-all' } }}>
      <Field
        label={label}
        value={value}
        readOnly
        minRows={1}
        endAdornment={
          clipboard && (
            <IconButton
              label={copyLabel}
              title={copyLabel}
              path={COPY_PATH}
              edgeEnd
              onClick={() => {
                navigator.clipboard.writeText(value).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }}
            />
          )
        }
      />
      <Typography
        role="status"
        variant="caption"
        component="p"
        sx={{ mx: '14px', mt: '3px', color: 'text.secondary' }}
      >
        {copied ? t('account.consumptionAccess.copied') : ''}
      </Typography>
    </Box>
  )
}

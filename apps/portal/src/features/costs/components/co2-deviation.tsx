import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import { formatAmount } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import '../locales'

/**
 * Decision 032: a CO2 line that differs from the split: the expected amount, a button that takes
 * it, and, when the save must give one, the reason for the difference.
 */
export function Co2Deviation({
  expected,
  onTakeExpected,
  askReason,
  reason,
  reasonMissing,
  onReasonChange,
}: {
  expected: string
  onTakeExpected: () => void
  askReason: boolean
  reason: string
  reasonMissing: boolean
  onReasonChange: (reason: string) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={onTakeExpected}>
            {t('costs.entry.co2TakeExpected')}
          </Button>
        }
      >
        {t('costs.entry.co2Differs', { expected: formatAmount(expected) })}
      </Alert>
      {askReason && (
        <TextField
          fullWidth
          required
          multiline
          sx={{ mt: 2 }}
          label={t('costs.entry.co2Reason')}
          value={reason}
          onChange={(event) => onReasonChange(event.target.value)}
          error={reasonMissing}
          helperText={reasonMissing ? t('costs.entry.co2ReasonMissing') : undefined}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
    </>
  )
}

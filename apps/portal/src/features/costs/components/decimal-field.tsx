import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { ambiguousDotReadings, type ExpenseInput } from '@portal/domain'
import { Controller, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field } from '../../../components/kit/field'
import { AMBIGUOUS, type EntryForm, type NumberField } from './cost-entry-form'
import '../locales'

/** A decimal input; for a lone dot it offers both readings as buttons at the field. */
export function DecimalField({
  name,
  control,
  label,
  required = false,
  onChoose,
}: {
  name: NumberField
  control: Control<EntryForm, unknown, ExpenseInput>
  label: string
  required?: boolean
  onChoose: (text: string) => void
}) {
  const { t } = useTranslation()
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const readings =
          fieldState.error?.type === AMBIGUOUS ? ambiguousDotReadings(field.value) : null
        return (
          <Field
            {...field}
            required={required}
            label={label}
            error={Boolean(fieldState.error)}
            inputMode="decimal"
            helperText={
              fieldState.error && (
                <>
                  {fieldState.error.message}
                  {readings && (
                    <Stack
                      component="span"
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{
                        flexWrap: 'wrap',
                      }}
                    >
                      <Button size="small" onClick={() => onChoose(readings.decimal)}>
                        {t('costs.entry.asDecimal', { value: readings.decimal })}
                      </Button>
                      {readings.thousands && (
                        <Button size="small" onClick={() => onChoose(readings.thousands!)}>
                          {t('costs.entry.asThousands', { value: readings.thousands })}
                        </Button>
                      )}
                    </Stack>
                  )}
                </>
              )
            }
          />
        )
      }}
    />
  )
}

import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PasswordField } from './password-field'

type NewPasswordForm = { newPassword: string; newPasswordRepeat: string }

/** New password twice, with the rules of §5 spelled out and each violation under its field. */
export function NewPasswordFields<T extends NewPasswordForm>({
  register,
  errors,
}: {
  register: UseFormRegister<T>
  errors: FieldErrors<T>
}) {
  const { t } = useTranslation()
  const reg = register as unknown as UseFormRegister<NewPasswordForm>
  const errs = errors as FieldErrors<NewPasswordForm>
  const rulesId = 'new-password-rules'
  // the rules describe the first field; the repetition only has to match it
  const fields = [
    { name: 'newPassword', describedBy: rulesId },
    { name: 'newPasswordRepeat', describedBy: undefined },
  ] as const
  return (
    <Stack spacing={2}>
      <Typography id={rulesId} variant="body2" color="text.secondary">
        {t('account.changePassword.rules')}
      </Typography>
      {fields.map(({ name, describedBy }) => (
        <PasswordField
          key={name}
          label={t(`account.changePassword.${name}`)}
          autoComplete="new-password"
          required
          error={Boolean(errs[name])}
          helperText={errs[name]?.message}
          describedBy={describedBy}
          {...reg(name)}
        />
      ))}
    </Stack>
  )
}

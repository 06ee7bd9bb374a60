import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PasswordField } from './kit/field'

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
  const field = (name: keyof NewPasswordForm, describedBy?: string) => (
    <PasswordField
      label={t(`account.changePassword.${name}`)}
      autoComplete="new-password"
      required
      error={Boolean(errs[name])}
      helperText={errs[name]?.message}
      describedBy={describedBy}
      {...reg(name)}
    />
  )
  // the rules stand at the field they describe, the new password; the repetition only has to
  // match it
  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        {field('newPassword', rulesId)}
        <Typography
          id={rulesId}
          variant="body2"
          sx={{
            color: 'text.secondary',
            px: 1.75,
          }}
        >
          {t('account.changePassword.rules')}
        </Typography>
      </Stack>
      {field('newPasswordRepeat')}
    </Stack>
  )
}

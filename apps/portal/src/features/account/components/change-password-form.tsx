import { PasswordChangeSchema, type PasswordChange } from '@portal/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLeaveGuard } from '../../../components/leave-guard'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { NewPasswordFields } from '../../../components/new-password-fields'
import { PasswordField } from '../../../components/kit/field'
import { useServerFieldErrors } from '../../../lib/form-errors'
import { useChangePassword } from '../api/change-password'
import '../locales'

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', newPasswordRepeat: '' }
const FIELDS = ['currentPassword', 'newPassword', 'newPasswordRepeat'] as const

/** §5 password change: every rule checked as the user types, and again by the server (error 128). */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const change = useChangePassword()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChangeSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  })
  useLeaveGuard(isDirty)
  // a wrong current password or a broken rule the server names is shown at its field
  const notice = useServerFieldErrors(change.error, setError, FIELDS)
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, { onSuccess: () => reset(EMPTY) }),
  )
  return (
    <Stack component="section" spacing={2} aria-labelledby="change-password-title">
      <Typography variant="h5" component="h2" id="change-password-title">
        {t('account.changePassword.title')}
      </Typography>
      <MutationOutcome
        success={change.isSuccess ? t('account.changePassword.success') : null}
        error={notice}
      />
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
        <PasswordField
          label={t('account.changePassword.currentPassword')}
          autoComplete="current-password"
          required
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields register={register} errors={errors} />
        <Button
          type="submit"
          variant="contained"
          loading={change.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.changePassword.submit')}
        </Button>
      </Stack>
    </Stack>
  )
}

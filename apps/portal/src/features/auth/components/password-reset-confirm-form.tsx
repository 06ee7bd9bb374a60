import { PasswordResetConfirmSchema, type PasswordResetConfirm } from '@portal/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { NewPasswordFields } from '../../../components/new-password-fields'
import { confirmPasswordReset } from '../api/password-reset'

/**
 * The view reached from a mailed link: the new password twice (§5 rules). The same for a reset
 * link and for the provider's invitation; only the texts differ.
 */
export function PasswordResetConfirmForm({
  token,
  purpose = 'confirm',
}: {
  token: string
  purpose?: 'confirm' | 'invitation'
}) {
  const { t } = useTranslation()
  const submission = useMutation({ mutationFn: confirmPasswordReset })
  const done = submission.data?.successMessage
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetConfirm>({
    resolver: zodResolver(PasswordResetConfirmSchema),
    mode: 'onChange',
    defaultValues: { token, newPassword: '', newPasswordRepeat: '' },
  })

  const onSubmit = handleSubmit((request) => submission.mutate(request))

  return (
    <Stack spacing={2}>
      <Typography>{t(`auth.${purpose}.intro`)}</Typography>
      <MutationOutcome success={done} error={submission.error} />
      {!done && (
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={onSubmit}
          aria-label={t(`auth.${purpose}.title`)}
        >
          <NewPasswordFields register={register} errors={errors} />
          <Button type="submit" variant="contained" loading={submission.isPending}>
            {t(`auth.${purpose}.submit`)}
          </Button>
        </Stack>
      )}
      <Link component={RouterLink} to="/authenticate">
        {t('auth.reset.backToLogin')}
      </Link>
    </Stack>
  )
}

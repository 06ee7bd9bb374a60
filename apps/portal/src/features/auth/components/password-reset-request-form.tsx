import { PasswordResetRequestSchema, type PasswordResetRequest } from '@portal/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { requestPasswordReset } from '../api/password-reset'

export function PasswordResetRequestForm() {
  const { t } = useTranslation()
  const submission = useMutation({ mutationFn: requestPasswordReset })
  const done = submission.data?.successMessage
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { businessPartner: '', mail: '' },
  })

  const onSubmit = handleSubmit((request) => submission.mutate(request))

  return (
    <Stack spacing={2}>
      <Typography>{t('auth.reset.intro')}</Typography>
      <MutationOutcome success={done} error={submission.error} />
      {!done && (
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={onSubmit}
          aria-label={t('auth.reset.title')}
        >
          <TextField
            label={t('auth.reset.businessPartner')}
            required
            error={Boolean(errors.businessPartner)}
            helperText={errors.businessPartner?.message}
            {...register('businessPartner')}
          />
          <TextField
            label={t('auth.reset.mail')}
            type="email"
            autoComplete="email"
            required
            error={Boolean(errors.mail)}
            helperText={errors.mail?.message}
            {...register('mail')}
          />
          <Button type="submit" variant="contained" loading={submission.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      )}
      <Link component={RouterLink} to="/authenticate">
        {t('auth.reset.backToLogin')}
      </Link>
    </Stack>
  )
}

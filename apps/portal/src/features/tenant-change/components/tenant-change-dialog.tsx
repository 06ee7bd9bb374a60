import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  SALUTATIONS,
  TenantChangeSchema,
  TITLES,
  UPLOAD_ACCEPT,
  type TenantChange,
  type TenantChangeDraft,
} from '@portal/domain'
import { useId, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ControlledSelectField } from '../../../components/controlled-select-field'
import { ControlledTextField } from '../../../components/controlled-text-field'
import type { FieldProps } from '../../../components/kit/field'
import { ControlledDateField } from '../../../components/date-field'
import { ErrorNotice } from '../../../components/error-notice'
import { useLeaveGuard } from '../../../components/leave-guard'
import { useServerFieldErrors } from '../../../lib/form-errors'
import { useReportTenantChange } from '../api/report-tenant-change'
import '../locales'

export type UnitChoice = { pointOfDelivery: string; label: string }

const EMPTY: TenantChangeDraft = {
  customerType: 'private',
  salutation: 'FR',
  title: '',
  NAME1: '',
  NAME2: '',
  AUSZUG: '',
  PLZ: '',
  ORT: '',
  STRASSE: '',
  HAUSNR: '',
  ZUSATZ: '',
  POSTFACH: '',
  EMAIL: '',
  TEL: '',
  information: '',
}

type TextFieldName = Exclude<keyof TenantChangeDraft, 'customerType' | 'salutation' | 'title'>

/** The fields that show a message, as the server names them below `activity.payload`. */
const FIELDS = (Object.keys(EMPTY) as (keyof TenantChangeDraft)[]).filter(
  (name) => name !== 'customerType' && name !== 'title',
)

/**
 * §3 ChangeOfTenants: private or company (NAME1/NAME2 labels switch), salutation, title, move-out
 * date, address and contact with the generic §5 messages at the fields (error 100).
 */
export function TenantChangeDialog({
  units,
  onClose,
}: {
  units: UnitChoice[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const fileId = useId()
  const [unit, setUnit] = useState(units.length === 1 ? units[0]!.pointOfDelivery : '')
  const [unitMissing, setUnitMissing] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const report = useReportTenantChange()
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = useForm<TenantChangeDraft, unknown, TenantChange>({
    resolver: zodResolver(TenantChangeSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  })
  // decision 045: leaving the page with the report filled in asks first (not once it was sent)
  useLeaveGuard((isDirty || file !== null) && !report.isSuccess)
  const customerType = useWatch({ control, name: 'customerType' })
  const notice = useServerFieldErrors(report.error, setError, FIELDS, 'activity.payload')
  const onSubmit = handleSubmit((payload) => {
    if (!unit) return setUnitMissing(true)
    report.mutate({ pointOfDelivery: unit, payload, file })
  })

  const text = (
    name: TextFieldName,
    labelKey: string,
    props: Partial<Omit<FieldProps, 'name'>> = {},
  ) => <ControlledTextField name={name} control={control} label={t(labelKey)} {...props} />
  /** A choice from one of the code lists, optionally with an empty entry first. */
  const codeSelect = (
    name: 'salutation' | 'title',
    codes: Readonly<Record<string, string>>,
    options: { required?: boolean; noneLabel?: string },
  ) => (
    <ControlledSelectField
      name={name}
      control={control}
      required={options.required}
      label={t(`tenantChange.field.${name}`)}
    >
      {options.noneLabel === undefined ? null : <MenuItem value="">{options.noneLabel}</MenuItem>}
      {Object.entries(codes).map(([code, text]) => (
        <MenuItem key={code} value={code}>
          {text}
        </MenuItem>
      ))}
    </ControlledSelectField>
  )
  const nameLabel = (n: 1 | 2) =>
    `tenantChange.field.NAME${n}_${customerType === 'company' ? 'company' : 'private'}`

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('tenantChange.title')}</DialogTitle>
      <DialogContent>
        {report.data ? (
          <Alert severity="success" role="status">
            {report.data.successMessage}
          </Alert>
        ) : (
          <Grid
            container
            spacing={2}
            component="form"
            id="tenant-change"
            noValidate
            onSubmit={onSubmit}
            sx={{ pt: 1 }}
          >
            {units.length > 1 && (
              <Grid size={12}>
                <TextField
                  select
                  required
                  fullWidth
                  label={t('tenantChange.unit')}
                  value={unit}
                  onChange={(event) => {
                    setUnit(event.target.value)
                    setUnitMissing(false)
                  }}
                  error={unitMissing}
                  helperText={unitMissing ? t('validation.required') : undefined}
                >
                  {units.map((u) => (
                    <MenuItem key={u.pointOfDelivery} value={u.pointOfDelivery}>
                      {u.label}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            )}
            <Grid size={12}>
              <Controller
                name="customerType"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={`${titleId}-type`}>
                      {t('tenantChange.field.customerType')}
                    </FormLabel>
                    <RadioGroup row aria-labelledby={`${titleId}-type`} {...field}>
                      <FormControlLabel
                        value="private"
                        control={<Radio />}
                        label={t('tenantChange.field.private')}
                      />
                      <FormControlLabel
                        value="company"
                        control={<Radio />}
                        label={t('tenantChange.field.company')}
                      />
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {codeSelect('salutation', SALUTATIONS, { required: true })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {codeSelect('title', TITLES, { noneLabel: t('tenantChange.noTitle') })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('NAME1', nameLabel(1), { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('NAME2', nameLabel(2), { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ControlledDateField
                name="AUSZUG"
                control={control}
                label={t('tenantChange.field.AUSZUG')}
                required
              />
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle1" component="h3">
                {t('tenantChange.address')}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              {text('STRASSE', 'tenantChange.field.STRASSE', { required: true })}
            </Grid>
            <Grid size={{ xs: 6, sm: 2 }}>
              {text('HAUSNR', 'tenantChange.field.HAUSNR', { required: true })}
            </Grid>
            <Grid size={{ xs: 6, sm: 2 }}>{text('ZUSATZ', 'tenantChange.field.ZUSATZ')}</Grid>
            <Grid size={{ xs: 4, sm: 3 }}>
              {text('PLZ', 'tenantChange.field.PLZ', {
                required: true,
                inputMode: 'numeric',
              })}
            </Grid>
            <Grid size={{ xs: 8, sm: 6 }}>
              {text('ORT', 'tenantChange.field.ORT', { required: true })}
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              {text('POSTFACH', 'tenantChange.field.POSTFACH', {
                inputMode: 'numeric',
              })}
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle1" component="h3">
                {t('tenantChange.contact')}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('EMAIL', 'tenantChange.field.EMAIL', { type: 'email' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('TEL', 'tenantChange.field.TEL', { type: 'tel' })}
            </Grid>
            <Grid size={12}>
              {text('information', 'tenantChange.field.information', { minRows: 3 })}
            </Grid>
            <Grid size={12}>
              <FormLabel htmlFor={fileId}>{t('tenantChange.attachment')}</FormLabel>{' '}
              <input
                id={fileId}
                type="file"
                accept={UPLOAD_ACCEPT}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Grid>
          </Grid>
        )}
        {notice !== null && <ErrorNotice error={notice} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {!report.data && (
          <Button type="submit" form="tenant-change" variant="contained" loading={report.isPending}>
            {t('tenantChange.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}

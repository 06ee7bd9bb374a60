import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  DEVICE_ORDER_KINDS,
  SERVICE_ORDER_KIND_CODES,
  SERVICE_ORDER_KINDS,
  SERVICE_ORDER_NOTE_MAX_LENGTH,
  ServiceOrderRequestSchema,
  type ServiceOrderKind,
  type ServiceOrderRequest,
} from '@portal/domain'
import { useEffect, useId, useRef } from 'react'
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ControlledTextField } from '../../../components/controlled-text-field'
import { ControlledDateField } from '../../../components/date-field'
import { Alert } from '../../../components/kit/alert'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useLeaveGuard } from '../../../components/leave-guard'
import { useServerFieldErrors } from '../../../lib/form-errors'
import { usePlaceServiceOrder } from '../api/service-orders'
import '../locales'

/** A device of the unit to choose: its key and how the user tells it apart. */
export type DeviceChoice = { device: string; label: string }

/** What the form holds: no kind chosen yet, no devices, no wished day are '' and []. */
export type ServiceOrderForm = {
  kind: ServiceOrderKind | ''
  devices: string[]
  wishedDate: string
  note: string
}

const EMPTY: ServiceOrderForm = { kind: '', devices: [], wishedDate: '', note: '' }

/** The fields a message of the server can belong to. */
const FIELDS = ['kind', 'devices', 'wishedDate', 'note'] as const

/** The order the form's values make for a unit: what is left empty is not sent. */
export function toServiceOrderRequest(
  values: ServiceOrderForm,
  pointOfDelivery: string,
): Record<string, unknown> {
  return {
    kind: values.kind,
    pointOfDelivery,
    ...(values.devices.length > 0 ? { devices: values.devices } : {}),
    ...(values.wishedDate !== '' ? { wishedDate: values.wishedDate } : {}),
    note: values.note,
  }
}

/**
 * Checks the form with the domain's schema of an order (decision 069), the same rules the server
 * applies: the kind, a device for an exchange, a wished day not in the past, the note's length.
 */
function orderResolver(
  pointOfDelivery: string,
): Resolver<ServiceOrderForm, unknown, ServiceOrderRequest> {
  const schema = zodResolver(ServiceOrderRequestSchema)
  return (values, context, options) =>
    schema(toServiceOrderRequest(values, pointOfDelivery) as never, context, options as never)
}

/**
 * "Auftrag erteilen" for a usage unit (issue 31, decision 069): an interim reading with or without
 * billing, a repeat reading, an exchange of devices or a retrofit to radio, with a wished day and
 * a note for the provider. Sent once however often it is sent (its idempotency key).
 */
export function ServiceOrderDialog({
  pointOfDelivery,
  unitLabel,
  devices,
  devicesLoading = false,
  onClose,
}: {
  pointOfDelivery: string
  /** The unit as the page names it ('NE-0001'). */
  unitLabel: string
  devices: readonly DeviceChoice[]
  devicesLoading?: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const kindId = useId()
  const devicesId = useId()
  const devicesHintId = useId()
  const closeButton = useRef<HTMLButtonElement>(null)
  const order = usePlaceServiceOrder()
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = useForm<ServiceOrderForm, unknown, ServiceOrderRequest>({
    resolver: orderResolver(pointOfDelivery),
    mode: 'onTouched',
    defaultValues: EMPTY,
  })
  // decision 045: leaving the page with the order filled in asks first (not once it was sent)
  useLeaveGuard(isDirty && !order.isSuccess)
  const kind = useWatch({ control, name: 'kind' })
  const devicesRequired = kind !== '' && DEVICE_ORDER_KINDS.includes(kind)
  const notice = useServerFieldErrors(order.error, setError, FIELDS)
  const onSubmit = handleSubmit((request) => order.mutate(request))
  const placed = order.data
  // the form and its button are gone once the order is placed: the focus goes to "Schließen"
  useEffect(() => {
    if (placed) closeButton.current?.focus()
  }, [placed])

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('serviceOrders.dialog.title')}</DialogTitle>
      <DialogContent>
        {placed ? (
          <Alert severity="success" role="status">
            {t('serviceOrders.dialog.placed', { kind: placed.kindLabel, unit: unitLabel })}
          </Alert>
        ) : (
          <Stack
            component="form"
            id="service-order"
            noValidate
            onSubmit={onSubmit}
            spacing={3}
            sx={{ pt: 1 }}
          >
            <Typography>{t('serviceOrders.dialog.intro', { unit: unitLabel })}</Typography>
            <Controller
              name="kind"
              control={control}
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" required error={Boolean(fieldState.error)}>
                  <FormLabel component="legend" id={kindId}>
                    {t('serviceOrders.field.kind')}
                  </FormLabel>
                  <RadioGroup
                    aria-labelledby={kindId}
                    aria-describedby={fieldState.error ? `${kindId}-error` : undefined}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                  >
                    {SERVICE_ORDER_KIND_CODES.map((code, index) => (
                      <FormControlLabel
                        key={code}
                        value={code}
                        control={
                          <Radio
                            slotProps={{
                              input: {
                                ref: index === 0 ? field.ref : undefined,
                                'aria-invalid': fieldState.error ? true : undefined,
                                'aria-describedby': fieldState.error
                                  ? `${kindId}-error`
                                  : undefined,
                              },
                            }}
                          />
                        }
                        label={t('serviceOrders.kindOption', {
                          label: SERVICE_ORDER_KINDS[code],
                          code,
                        })}
                      />
                    ))}
                  </RadioGroup>
                  {fieldState.error && (
                    <FormHelperText id={`${kindId}-error`}>
                      {fieldState.error.message}
                    </FormHelperText>
                  )}
                </FormControl>
              )}
            />
            <Controller
              name="devices"
              control={control}
              render={({ field, fieldState }) => {
                const chosen = new Set(field.value)
                const describedBy = [devicesHintId, fieldState.error ? `${devicesId}-error` : null]
                  .filter(Boolean)
                  .join(' ')
                return (
                  <FormControl
                    component="fieldset"
                    required={devicesRequired}
                    error={Boolean(fieldState.error)}
                  >
                    <FormLabel component="legend" id={devicesId}>
                      {t('serviceOrders.field.devices')}
                    </FormLabel>
                    <FormHelperText id={devicesHintId} sx={{ mx: 0 }}>
                      {devicesRequired
                        ? t('serviceOrders.dialog.devicesRequired')
                        : t('serviceOrders.dialog.devicesOptional')}
                    </FormHelperText>
                    {devicesLoading ? (
                      <Typography role="status">{t('common.loading')}</Typography>
                    ) : devices.length === 0 ? (
                      <Typography>{t('serviceOrders.dialog.noDevices')}</Typography>
                    ) : (
                      <FormGroup aria-describedby={describedBy}>
                        {devices.map((device, index) => (
                          <FormControlLabel
                            key={device.device}
                            control={
                              <Checkbox
                                checked={chosen.has(device.device)}
                                onBlur={field.onBlur}
                                onChange={(event) =>
                                  field.onChange(
                                    event.target.checked
                                      ? [...field.value, device.device]
                                      : field.value.filter((d) => d !== device.device),
                                  )
                                }
                                slotProps={{
                                  input: {
                                    ref: index === 0 ? field.ref : undefined,
                                    'aria-invalid': fieldState.error ? true : undefined,
                                    'aria-describedby': describedBy,
                                  },
                                }}
                              />
                            }
                            label={device.label}
                            sx={{ overflowWrap: 'anywhere' }}
                          />
                        ))}
                      </FormGroup>
                    )}
                    {fieldState.error && (
                      <FormHelperText id={`${devicesId}-error`}>
                        {fieldState.error.message}
                      </FormHelperText>
                    )}
                  </FormControl>
                )
              }}
            />
            <ControlledDateField
              name="wishedDate"
              control={control}
              label={t('serviceOrders.field.wishedDate')}
            />
            <ControlledTextField
              name="note"
              control={control}
              label={t('serviceOrders.field.note', { max: SERVICE_ORDER_NOTE_MAX_LENGTH })}
              minRows={3}
            />
          </Stack>
        )}
        {notice !== null && (
          <Stack sx={{ mt: 2 }}>
            <MutationOutcome error={notice} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button ref={closeButton} onClick={onClose}>
          {t('common.close')}
        </Button>
        {!placed && (
          <Button type="submit" form="service-order" variant="contained" loading={order.isPending}>
            {t('serviceOrders.dialog.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}

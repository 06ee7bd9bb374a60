import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import {
  formatAmount,
  formatDate,
  formatDecimal,
  type BillingInformation,
  type BillingInformationUser,
} from '@portal/domain'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../../../components/visually-hidden'
import '../locales'

const kwh = (t: TFunction, value: string | null) =>
  value === null ? t('billingInformation.notAvailable') : `${formatDecimal(value, 1)} kWh`

const period = (from: string, until: string) => `${formatDate(from)} – ${formatDate(until)}`

/** A sub-section of the information, named by its heading. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 'bold', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** A small table that scrolls sideways on a phone, named by its caption. */
function SimpleTable({
  caption,
  head,
  rows,
}: {
  caption: string
  head: { label: string; numeric?: boolean }[]
  rows: { key: string; cells: ReactNode[] }[]
}) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            {head.map(({ label, numeric }, index) => (
              <TableCell
                key={index}
                component="th"
                scope="col"
                align={numeric ? 'right' : undefined}
              >
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ key, cells }) => (
            <TableRow key={key}>
              {cells.map((cell, index) =>
                index === 0 ? (
                  <TableCell key={index} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={index} align={head[index]?.numeric ? 'right' : undefined}>
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/**
 * Nr. 4 and 5 in graphic form: one bar per figure, the longest the largest; the bars repeat the
 * table below them, which screen readers read instead.
 */
function ComparisonBars({
  bars,
}: {
  bars: { label: string; value: string | null; shade: 'primary' | 'secondary' | 'grey' }[]
}) {
  const { t } = useTranslation()
  const shown = bars.filter((bar) => bar.value !== null)
  const largest = Math.max(...shown.map((bar) => Number(bar.value)), 1)
  if (shown.length === 0) return null
  return (
    <Box aria-hidden="true" sx={{ mb: 2 }}>
      {shown.map((bar) => (
        <Box key={bar.label} sx={{ mb: 1 }}>
          <Typography variant="body2">
            {bar.label}: {kwh(t, bar.value)}
          </Typography>
          <Box
            sx={{
              height: 16,
              width: `${Math.max(1, (Number(bar.value) / largest) * 100)}%`,
              bgcolor:
                bar.shade === 'primary'
                  ? 'primary.main'
                  : bar.shade === 'secondary'
                    ? 'primary.light'
                    : 'grey.600',
              // the adjusted bars are hatched: told apart by more than their colour
              backgroundImage:
                bar.shade === 'secondary'
                  ? 'repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,0.5) 4px 8px)'
                  : undefined,
            }}
          />
        </Box>
      ))}
    </Box>
  )
}

function UserComparison({ user }: { user: BillingInformationUser }) {
  const { t } = useTranslation()
  const current = user.current
  const previous = user.previous
  const currentLabel = t('billingInformation.user.current', {
    period: period(current.from, current.until),
  })
  const previousLabel = previous
    ? t('billingInformation.user.previous', { period: period(previous.from, previous.until) })
    : ''
  const change = user.heatingChangePercent
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        {t('billingInformation.user.intro', { unit: user.reference })}
      </Typography>
      <ComparisonBars
        bars={[
          {
            label: `${currentLabel}, ${t('billingInformation.user.measured')}`,
            value: current.heatingKwh,
            shade: 'primary',
          },
          {
            label: `${currentLabel}, ${t('billingInformation.user.adjusted')}`,
            value: current.heatingKwhWeatherAdjusted,
            shade: 'secondary',
          },
          ...(previous
            ? [
                {
                  label: `${previousLabel}, ${t('billingInformation.user.measured')}`,
                  value: previous.heatingKwh,
                  shade: 'primary' as const,
                },
                {
                  label: `${previousLabel}, ${t('billingInformation.user.adjusted')}`,
                  value: previous.heatingKwhWeatherAdjusted,
                  shade: 'secondary' as const,
                },
              ]
            : []),
          {
            label: t('billingInformation.user.average'),
            value: user.average.heatingKwh,
            shade: 'grey',
          },
        ]}
      />
      <SimpleTable
        caption={t('billingInformation.user.caption')}
        head={[
          { label: t('billingInformation.user.column.figure') },
          { label: t('billingInformation.user.column.current'), numeric: true },
          { label: t('billingInformation.user.column.previous'), numeric: true },
          { label: t('billingInformation.user.column.average'), numeric: true },
        ]}
        rows={[
          {
            key: 'heating',
            cells: [
              t('billingInformation.user.heatingMeasured'),
              kwh(t, current.heatingKwh),
              previous ? kwh(t, previous.heatingKwh) : '–',
              kwh(t, user.average.heatingKwh),
            ],
          },
          {
            key: 'adjusted',
            cells: [
              t('billingInformation.user.heatingAdjusted'),
              kwh(t, current.heatingKwhWeatherAdjusted),
              previous ? kwh(t, previous.heatingKwhWeatherAdjusted) : '–',
              '–',
            ],
          },
          {
            key: 'hotWater',
            cells: [
              t('billingInformation.user.hotWater'),
              kwh(t, current.hotWaterKwh),
              previous ? kwh(t, previous.hotWaterKwh) : '–',
              kwh(t, user.average.hotWaterKwh),
            ],
          },
        ]}
      />
      {change !== null && (
        <Typography>
          {t(
            `billingInformation.user.change.${Number(change) < 0 ? 'less' : Number(change) > 0 ? 'more' : 'same'}`,
            {
              percent: formatDecimal(String(Math.abs(Number(change))), 1),
              basis: t(
                user.heatingChangeWeatherAdjusted
                  ? 'billingInformation.user.basisAdjusted'
                  : 'billingInformation.user.basisMeasured',
              ),
            },
          )}
        </Typography>
      )}
      {current.weatherFactor !== null && (
        <Typography variant="body2">
          {t('billingInformation.user.weather', {
            factor: formatDecimal(current.weatherFactor, 4),
            degreeDays: formatDecimal(current.degreeDays ?? '0', 1),
            longTerm: formatDecimal(current.longTermDegreeDays ?? '0', 1),
          })}
        </Typography>
      )}
      {user.weatherNote && <Alert severity="info">{user.weatherNote}</Alert>}
      {user.previousMissing && <Alert severity="info">{user.previousMissing}</Alert>}
      <Typography variant="body2">
        {t('billingInformation.user.averageExplained', {
          area: user.area === null ? '–' : formatDecimal(user.area, 2),
          perSquareMetre:
            user.average.heatingKwhPerSquareMetre === null
              ? t('billingInformation.notAvailable')
              : formatDecimal(user.average.heatingKwhPerSquareMetre, 2),
        })}
      </Typography>
    </Stack>
  )
}

/**
 * Decision 067: what § 6a Abs. 3 HeizkostenV makes accessible with the bill: the user's
 * comparison (Nr. 4, 5), the energy carriers (Nr. 1 a), taxes (Nr. 1 b), metering fees (Nr. 1 c),
 * advice (Nr. 2) and dispute resolution (Nr. 3).
 */
export function BillingInformationView({ info }: { info: BillingInformation }) {
  const { t } = useTranslation()
  const id = (part: string) => `billing-information-${part}`
  return (
    <Stack spacing={3}>
      <Typography variant="body2">
        {t('billingInformation.period', { period: period(info.from, info.until) })}
      </Typography>
      {info.provisional && <Alert severity="warning">{t('billingInformation.provisional')}</Alert>}
      <Part id={id('user')} title={t('billingInformation.user.title')}>
        {info.user ? (
          <UserComparison user={info.user} />
        ) : (
          <Typography>{t('billingInformation.user.none')}</Typography>
        )}
      </Part>
      <Part id={id('carriers')} title={t('billingInformation.carriers.title')}>
        {info.energyCarriers.length === 0 ? (
          <Typography>{t('billingInformation.carriers.none')}</Typography>
        ) : (
          <SimpleTable
            caption={t('billingInformation.carriers.caption')}
            head={[
              { label: t('billingInformation.carriers.column.carrier') },
              { label: t('billingInformation.carriers.column.quantity'), numeric: true },
              { label: t('billingInformation.carriers.column.energy'), numeric: true },
              { label: t('billingInformation.carriers.column.share'), numeric: true },
            ]}
            rows={info.energyCarriers.map((carrier) => ({
              key: carrier.energyCarrier,
              cells: [
                carrier.name,
                `${formatDecimal(carrier.quantity, 0)} ${carrier.quantityUnit}`,
                `${formatDecimal(carrier.kWhHi, 0)} kWh`,
                `${formatDecimal(carrier.sharePercent, 1)} %`,
              ],
            }))}
          />
        )}
        {info.districtHeating && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('billingInformation.carriers.districtHeating', {
              emissions:
                info.districtHeating.emissionsKg === null
                  ? t('billingInformation.notStated')
                  : `${formatDecimal(info.districtHeating.emissionsKg, 1)} kg CO2`,
              factor:
                info.districtHeating.primaryEnergyFactor === null
                  ? t('billingInformation.notStated')
                  : formatDecimal(info.districtHeating.primaryEnergyFactor, 2),
            })}
          </Typography>
        )}
      </Part>
      <Part id={id('taxes')} title={t('billingInformation.taxes.title')}>
        <SimpleTable
          caption={t('billingInformation.taxes.caption')}
          head={[
            { label: t('billingInformation.taxes.column.kind') },
            { label: t('billingInformation.taxes.column.amount'), numeric: true },
          ]}
          rows={[
            {
              key: 'vat',
              cells: [
                t('billingInformation.taxes.vat'),
                info.taxes.vat === null
                  ? t('billingInformation.notAvailable')
                  : formatAmount(info.taxes.vat),
              ],
            },
            {
              key: 'co2',
              cells: [
                t('billingInformation.taxes.co2'),
                info.taxes.co2Cost === null
                  ? t('billingInformation.notAvailable')
                  : formatAmount(info.taxes.co2Cost),
              ],
            },
            ...info.taxes.energyTax.map((tax) => ({
              key: `energy-${tax.energyCarrier}`,
              cells: [
                t('billingInformation.taxes.energyTax', { carrier: tax.name, rate: tax.rate }),
                tax.amount === null
                  ? t('billingInformation.notAvailable')
                  : formatAmount(tax.amount),
              ],
            })),
          ]}
        />
      </Part>
      <Part id={id('fees')} title={t('billingInformation.fees.title')}>
        {info.meteringFees.kinds.length === 0 ? (
          <Typography>{t('billingInformation.fees.none')}</Typography>
        ) : (
          <SimpleTable
            caption={t('billingInformation.fees.caption')}
            head={[
              { label: t('billingInformation.fees.column.kind') },
              { label: t('billingInformation.fees.column.lines') },
              { label: t('billingInformation.fees.column.amount'), numeric: true },
            ]}
            rows={[
              ...info.meteringFees.kinds.map((kind) => ({
                key: kind.kind,
                cells: [
                  kind.label,
                  kind.lines.map((line) => line.name).join(', '),
                  formatAmount(kind.amount),
                ],
              })),
              {
                key: 'total',
                cells: [
                  t('billingInformation.fees.total'),
                  '',
                  formatAmount(info.meteringFees.total),
                ],
              },
            ]}
          />
        )}
      </Part>
      <Part id={id('advice')} title={t('billingInformation.advice.title')}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('billingInformation.advice.intro')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {info.consumerAdvice.map((contact) => (
            <li key={contact.url}>
              <Link href={contact.url} target="_blank" rel="noopener noreferrer">
                {contact.name}
              </Link>
              {contact.phone
                ? `, ${t('billingInformation.advice.phone', { phone: contact.phone })}`
                : ''}
            </li>
          ))}
        </Box>
      </Part>
      <Part id={id('disputes')} title={t('billingInformation.disputes.title')}>
        {info.disputeResolution.map((paragraph) => (
          <Typography key={paragraph} variant="body2" sx={{ mb: 1 }}>
            {paragraph}
          </Typography>
        ))}
      </Part>
    </Stack>
  )
}

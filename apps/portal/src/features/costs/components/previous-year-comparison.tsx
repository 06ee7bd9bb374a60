import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import {
  formatAmount,
  formatChangePercent,
  formatDate,
  type CostTypeComparison,
  type OperatingCosts,
  type PlausibilityReport,
  type YearOnYearChange,
} from '@portal/domain'
import type { TFunction } from 'i18next'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../../../components/visually-hidden'
import { ColumnHeads } from './column-heads'
import { CostsSection } from './costs-section'
import '../locales'

function changeText(t: TFunction, change: YearOnYearChange): string {
  return change.kind === 'change'
    ? formatChangePercent(change.percent)
    : t(`costs.previousYear.change.${change.kind}`)
}

/** Why a cost type is flagged, in words (never by colour alone). */
function noteText(t: TFunction, comparison: CostTypeComparison, threshold: number): string {
  if (!comparison.warning) return ''
  const kind = comparison.change.kind === 'change' ? 'aboveThreshold' : comparison.change.kind
  return t(`costs.previousYear.note.${kind}`, { threshold })
}

/** One flagged cost type as a sentence: what it is now, what it was, by how much it changed. */
function warningText(t: TFunction, comparison: CostTypeComparison, name: string): string {
  const values = {
    name,
    previous: formatAmount(comparison.previous),
    current: formatAmount(comparison.current),
    percent:
      comparison.change.kind === 'change' ? formatChangePercent(comparison.change.percent) : '',
  }
  const kind = comparison.change.kind === 'change' ? 'change' : comparison.change.kind
  return t(`costs.previousYear.warning.${kind}`, values)
}

/**
 * Decision 031, in the "Kosten erfasst" confirmation: the cost types that changed beyond the threshold
 * or went missing. They never block; the user confirms knowingly.
 */
export function PlausibilityWarnings({
  report,
  nameOf,
  text,
}: {
  report: PlausibilityReport
  nameOf: (tariffComponent: string) => string
  /** What the warnings do not hinder; the confirmation's sentence unless given. */
  text?: string
}) {
  const { t } = useTranslation()
  if (report.warnings.length === 0) return null
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      <AlertTitle>{t('costs.previousYear.warningsTitle')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {report.warnings.map((comparison) => (
          <li key={`${comparison.list}-${comparison.tariffComponent}`}>
            {warningText(t, comparison, nameOf(comparison.tariffComponent))}
          </li>
        ))}
      </Box>
      {text ?? t('costs.previousYear.warningsText')}
    </Alert>
  )
}

/**
 * Decision 031: per list and cost type last year's and this year's amount, the change in percent and,
 * beyond the threshold or for a type gone missing, a note; a sum row per list.
 */
export function PreviousYearComparison({
  report,
  previous,
  nameOf,
}: {
  report: PlausibilityReport
  previous: OperatingCosts | undefined
  nameOf: (tariffComponent: string) => string
}) {
  const { t } = useTranslation()
  const threshold = report.thresholdPercent
  return (
    <CostsSection id="previous-year-title" title={t('costs.previousYear.title')}>
      {!previous ? (
        <Typography>{t('costs.previousYear.none')}</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('costs.previousYear.intro', {
              from: formatDate(previous.from),
              until: formatDate(previous.until),
              threshold,
            })}
          </Typography>
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={t('costs.previousYear.caption')}
            sx={{ overflowX: 'auto' }}
          >
            <Table size="small" sx={{ '& .sum-row > *': { fontWeight: 'bold' } }}>
              <Box component="caption" sx={visuallyHidden}>
                {t('costs.previousYear.caption')}
              </Box>
              <ColumnHeads
                columns={[
                  { label: t('costs.previousYear.column.costType') },
                  { label: t('costs.previousYear.column.previous'), numeric: true },
                  { label: t('costs.previousYear.column.current'), numeric: true },
                  { label: t('costs.previousYear.column.change'), numeric: true },
                  { label: t('costs.previousYear.column.note') },
                ]}
              />
              <TableBody>
                {report.lists.map((list) => {
                  const listName = t(`costs.${list.list}Caption`)
                  const types = report.costTypes.filter((c) => c.list === list.list)
                  return (
                    <Fragment key={list.list}>
                      {types.map((comparison) => (
                        <TableRow key={comparison.tariffComponent}>
                          <TableCell component="th" scope="row">
                            {nameOf(comparison.tariffComponent)}
                          </TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {formatAmount(comparison.previous) || '–'}
                          </TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {formatAmount(comparison.current) || '–'}
                          </TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {changeText(t, comparison.change)}
                          </TableCell>
                          <TableCell>
                            {comparison.warning && (
                              <Box
                                component="span"
                                sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                              >
                                <WarningAmberOutlined
                                  fontSize="small"
                                  sx={{ color: 'warning.dark' }}
                                  aria-hidden
                                />
                                {noteText(t, comparison, threshold)}
                              </Box>
                            )}
                          </TableCell>
                        </TableRow>
                      ))}
                      <TableRow className="sum-row">
                        <TableCell component="th" scope="row">
                          {t('costs.previousYear.sum', { list: listName })}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatAmount(list.previous)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatAmount(list.current)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {changeText(t, list.change)}
                        </TableCell>
                        <TableCell />
                      </TableRow>
                    </Fragment>
                  )
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </CostsSection>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import {
  comparePreviousYear,
  energyCarrierLabel,
  ENERGY_CARRIERS,
  formatAmount,
  formatDecimal,
  type BvedCostPreview,
  type ExpenseType,
  type LinesByList,
  type PlausibilityReport,
} from '@portal/domain'
import { Fragment, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FileChoice } from '../../../components/file-choice'
import { Alert } from '../../../components/kit/alert'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { BVED_FILE_MAX_BYTES, useBvedCostPreview, useTakeOverBvedCosts } from '../api/bved-costs'
import { PlausibilityWarnings } from './previous-year-comparison'
import '../locales'

const lineCount = (preview: BvedCostPreview) =>
  preview.records.reduce((sum, record) => sum + record.lines.length, 0)

/** The preview as a table: per record of the file its lines, their questions, its errors. */
function PreviewTable({ preview }: { preview: BvedCostPreview }) {
  const { t } = useTranslation()
  const captionId = useId()
  return (
    <Box
      sx={{ overflowX: 'auto' }}
      // a region that scrolls sideways on a phone must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <Table size="small">
        <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Typography variant="subtitle2" component="span">
            {t('costs.bved.caption')}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('costs.bved.column.line')}</TableCell>
            <TableCell scope="col">{t('costs.bved.column.costLine')}</TableCell>
            <TableCell scope="col" align="right">
              {t('costs.bved.column.amount')}
            </TableCell>
            <TableCell scope="col">{t('costs.bved.column.notes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.records.map((record) => (
            <Fragment key={record.line}>
              {record.lines.map((line, index) => (
                <TableRow key={`${record.line}-${index}`}>
                  <TableCell>
                    {record.line}
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {record.label}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {line.costTypeName}
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {[
                        t(`costs.bved.kind.${line.kind}`),
                        line.quantity && line.unit
                          ? `${formatDecimal(line.quantity, 3)} ${line.unit}`
                          : null,
                        line.note,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(line.amountTransactionCurrency)}
                  </TableCell>
                  <TableCell>{line.questions.join(' ')}</TableCell>
                </TableRow>
              ))}
              {record.errors.length > 0 && (
                <TableRow>
                  <TableCell>
                    {record.line}
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {record.label}
                    </Typography>
                  </TableCell>
                  <TableCell colSpan={3}>
                    <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                      {record.errors.map((error) => (
                        <li key={error.message}>{error.message}</li>
                      ))}
                    </Box>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

/** How the preview stands: ready to take over, taken over before, or with errors. */
function PreviewState({ preview }: { preview: BvedCostPreview }) {
  const { t } = useTranslation()
  if (preview.alreadyImported) {
    return (
      <Alert severity="info" role="status">
        {t('costs.bved.alreadyImported')}
      </Alert>
    )
  }
  if (!preview.clean) {
    return (
      <Alert severity="error" role="alert">
        {t('costs.bved.hasErrors', { summary: preview.summary })}
        {preview.errors.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {preview.errors.map((error) => (
              <li key={error.message}>{error.message}</li>
            ))}
          </Box>
        )}
      </Alert>
    )
  }
  return (
    <Alert severity="success" role="status">
      {t('costs.bved.ready', { summary: preview.summary })}
    </Alert>
  )
}

/**
 * Decision 061, "Kosten aus Datei übernehmen": a cost file of the bved exchange (DTK) from the
 * manager's software, previewed line by line with its errors at their lines, then taken over into
 * the open distribution all at once (or not at all).
 */
/**
 * Decision 031 for a file: this year's lines with the file's against last year's, the warnings of
 * the cost types the file brings. Undefined without a previous year.
 */
export interface FilePlausibility {
  current: LinesByList
  previous: LinesByList
  thresholdPercent: number
  nameOf: (tariffComponent: string) => string
}

function fileWarnings(preview: BvedCostPreview, check: FilePlausibility): PlausibilityReport {
  const lines = preview.records.flatMap((record) => record.lines)
  const withFile = (list: ExpenseType) => [
    ...check.current[list],
    ...lines.filter((line) => line.kind === list),
  ]
  const report = comparePreviousYear(
    { heating: withFile('heating'), working: withFile('working') },
    check.previous,
    check.thresholdPercent,
  )
  const brought = new Set(lines.map((line) => `${line.kind} ${line.tariffComponent}`))
  return {
    ...report,
    warnings: report.warnings.filter((w) => brought.has(`${w.list} ${w.tariffComponent}`)),
  }
}

export function BvedCostsDialog({
  distribution,
  plausibility,
  onTakenOver,
  onClose,
}: {
  distribution: string
  /** The previous year's check of the lines the file brings; none without a previous year. */
  plausibility?: FilePlausibility
  onTakenOver: (message: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const [file, setFile] = useState<File | null>(null)
  const preview = useBvedCostPreview(distribution)
  const takeOver = useTakeOverBvedCosts(distribution)

  // a refused file (empty, too large) comes as null: nothing is sent
  const choose = (chosen: File | null) => {
    setFile(chosen)
    preview.reset()
    takeOver.reset()
    if (chosen) preview.mutate(chosen)
  }
  const shown = preview.data
  const canTakeOver = Boolean(
    file && shown && shown.clean && !shown.alreadyImported && lineCount(shown) > 0,
  )
  const co2 = shown?.co2
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('costs.bved.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('costs.bved.hint')}
          </Typography>
          <FileChoice
            accept=".dat,.DAT,.txt"
            maxBytes={BVED_FILE_MAX_BYTES}
            labels={{
              choose: t('costs.bved.choose'),
              chosen: (name) => t('costs.bved.chosen', { name }),
              none: t('costs.bved.none'),
            }}
            onChoose={choose}
          />
          {preview.isPending && <Typography role="status">{t('costs.bved.reading')}</Typography>}
          <MutationOutcome error={preview.error} />
          {shown && (
            <>
              <PreviewState preview={shown} />
              {co2 && (
                <Typography variant="body2">
                  {co2.quantity
                    ? t('costs.bved.co2WithQuantity', {
                        carrier: energyCarrierLabel(co2.energyCarrier),
                        quantity: `${formatDecimal(co2.quantity, 3)} ${ENERGY_CARRIERS[co2.energyCarrier].quantityUnit}`,
                      })
                    : t('costs.bved.co2', { carrier: energyCarrierLabel(co2.energyCarrier) })}
                </Typography>
              )}
              {plausibility && shown.clean && !shown.alreadyImported && (
                <PlausibilityWarnings
                  report={fileWarnings(shown, plausibility)}
                  nameOf={plausibility.nameOf}
                  text={t('costs.bved.plausibilityText')}
                />
              )}
              {shown.records.length > 0 && <PreviewTable preview={shown} />}
            </>
          )}
          <MutationOutcome error={takeOver.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          disabled={!canTakeOver}
          loading={takeOver.isPending}
          onClick={() =>
            file &&
            takeOver.mutate(file, {
              onSuccess: (answer) => onTakenOver(t('costs.bved.done', { count: answer.created })),
            })
          }
        >
          {t('costs.bved.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

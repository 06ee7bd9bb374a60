import DialogContent from '@mui/material/DialogContent'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirmSecondFactor, useStartSecondFactorSetup } from '../api/second-factor'
import { CodesShown, DIALOG_KIT, SecondFactorDialog } from './second-factor-dialog'
import '../../../components/second-factor/texts'

/**
 * The steps load when the dialog opens: most visits of the account page set nothing up (decision
 * 049; the section's budget).
 */
const SetUpSteps = lazy(async () => ({
  default: (await import('../../../components/second-factor/set-up-steps')).SetUpSteps,
}))

/**
 * Decision 045: the set-up from the account page, in a dialog inside the app shell, with the
 * steps of the sign-in page's set-up (decision 049): the current password, then the QR code, the
 * key and the first code from the app, then the recovery codes, shown once.
 */
export function SetUpDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean
  onClose: () => void
  /** After the dialog that showed the recovery codes has faded out. */
  onDone: () => void
}) {
  const { t } = useTranslation()
  const start = useStartSecondFactorSetup()
  const confirm = useConfirmSecondFactor()
  const [codes, setCodes] = useState<string[] | null>(null)
  return (
    <SecondFactorDialog
      open={open}
      title={t('secondFactor.setUp.title')}
      pending={start.isPending || confirm.isPending}
      // once it is set up, the button that opened the dialog is gone
      restoreFocus={codes === null}
      onClose={onClose}
      onExited={() => {
        if (codes) onDone()
        setCodes(null)
        start.reset()
        confirm.reset()
      }}
    >
      {({ text }) =>
        codes ? (
          <CodesShown
            textId={text}
            text={t('secondFactor.setUp.done')}
            codes={codes}
            onClose={onClose}
          />
        ) : (
          <Suspense fallback={<DialogContent>{t('common.loading')}</DialogContent>}>
            <SetUpSteps
              kit={DIALOG_KIT}
              introId={text}
              start={start.mutateAsync}
              confirm={async (code) => (await confirm.mutateAsync(code)).recoveryCodes}
              onConfirmed={setCodes}
              onCancel={onClose}
            />
          </Suspense>
        )
      }
    </SecondFactorDialog>
  )
}

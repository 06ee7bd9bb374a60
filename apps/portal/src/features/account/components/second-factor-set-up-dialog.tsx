import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SetUpSteps } from '../../../components/second-factor/set-up-steps'
import { useConfirmSecondFactor, useStartSecondFactorSetup } from '../api/second-factor'
import { CodesShown, DIALOG_KIT, SecondFactorDialog } from './second-factor-dialog'

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
          <SetUpSteps
            kit={DIALOG_KIT}
            introId={text}
            guard
            start={start.mutateAsync}
            confirm={async (code) => (await confirm.mutateAsync(code)).recoveryCodes}
            onConfirmed={setCodes}
            onCancel={onClose}
          />
        )
      }
    </SecondFactorDialog>
  )
}

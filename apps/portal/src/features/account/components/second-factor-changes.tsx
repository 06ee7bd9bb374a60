import { useTranslation } from 'react-i18next'
import { secondFactorSetupPath } from '../../../lib/session'
import { useDisableSecondFactor, useNewRecoveryCodes } from '../api/second-factor'
import { CodesShown } from './second-factor-dialog'
import { ProofDialog } from './second-factor-proof-dialog'
import '../../../components/second-factor/texts'

/**
 * The set-up the server demands once a required second factor was turned off: the sign-in page's
 * view, as after a sign-in (the server refuses the account page's other requests until then).
 */
const SET_UP_PATH = secondFactorSetupPath('/account')

/** New recovery codes: a current code from the app, then the codes, shown once, to download. */
export function NewRecoveryCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const create = useNewRecoveryCodes()
  const codes = create.data?.recoveryCodes
  return (
    <ProofDialog
      open={open}
      title={t('secondFactor.account.newCodes')}
      text={t('secondFactor.account.newCodesText')}
      codeLabel={t('secondFactor.appCode')}
      recoveryCodeToo={false}
      submitLabel={t('secondFactor.account.newCodesSubmit')}
      pending={create.isPending}
      send={create.mutateAsync}
      onClose={onClose}
      onExited={() => create.reset()}
      result={
        codes &&
        ((textId) => (
          <CodesShown
            textId={textId}
            text={t('secondFactor.account.newCodesDone')}
            codes={codes}
            onClose={onClose}
          />
        ))
      }
    />
  )
}

/**
 * Turns the second factor off with a code from the app or a recovery code. Where the customer
 * requires one, the dialog says so, and the set-up follows at once.
 */
export function DisableDialog({
  open,
  required,
  onClose,
  onTurnedOff,
}: {
  open: boolean
  required: boolean
  onClose: () => void
  onTurnedOff: () => void
}) {
  const { t } = useTranslation()
  const disable = useDisableSecondFactor()
  return (
    <ProofDialog
      open={open}
      title={t('secondFactor.account.disableTitle')}
      text={t('secondFactor.account.disableText')}
      more={required ? t('secondFactor.account.disableRequired') : undefined}
      codeLabel={t('secondFactor.account.disableCode')}
      recoveryCodeToo
      submitLabel={t('secondFactor.account.disableSubmit')}
      pending={disable.isPending}
      send={async (proof) => {
        await disable.mutateAsync(proof)
        // the server refuses everything else now: the set-up, and back here after it
        if (required) window.location.assign(SET_UP_PATH)
        else onTurnedOff()
      }}
      onClose={onClose}
      onExited={() => disable.reset()}
    />
  )
}

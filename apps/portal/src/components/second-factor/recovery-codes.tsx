import { formatDate } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { useCustomer } from '../../lib/customer'
import { saveRecoveryCodes } from '../../lib/recovery-codes'
import './texts'

/**
 * The ten recovery codes, shown this once (the server answers them once only): listed, and to
 * download as a text file that says whose they are, for what, and when they were made. The same
 * after the set-up at the sign-in, after the set-up on the account page and for new codes there.
 */
export function RecoveryCodes({ codes, userName }: { codes: readonly string[]; userName: string }) {
  const { t } = useTranslation()
  const { config } = useCustomer()
  const download = () =>
    saveRecoveryCodes(
      codes,
      t('secondFactor.codes.fileHeading', {
        applicationTitle: config.applicationTitle,
        userName,
        date: formatDate(new Date()),
      }),
      t('secondFactor.codes.fileName', { userName }),
    )
  return (
    <div className="auth-stack">
      <ol className="auth-codes">
        {codes.map((code) => (
          <li key={code}>
            <code className="auth-code">{code}</code>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="kit-button kit-button--outlined kit-button--start"
        onClick={download}
      >
        {t('secondFactor.codes.download')}
      </button>
    </div>
  )
}

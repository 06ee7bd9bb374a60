import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SecondFactorSetup } from '@portal/domain'
import './texts'

/** The secret in blocks of four, as authenticator apps show keys: easier to read and compare. */
const inBlocks = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * What the app is given: the QR code, and the key as text for typing it in by hand and for
 * screen readers, named by its caption and copied without the blanks.
 */
export function SetupKey({ setup }: { setup: SecondFactorSetup }) {
  const { t } = useTranslation()
  const captionId = useId()
  const [copied, setCopied] = useState(false)
  // the clipboard is there on https and localhost only
  const clipboard = typeof navigator.clipboard?.writeText === 'function'
  return (
    <>
      <img
        className="auth-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCode)}`}
        alt={t('secondFactor.setUp.qrAlt')}
        width="200"
        height="200"
      />
      <div className="auth-stack auth-stack--dense">
        {/* named by its caption for every browser and tool, not only where the caption counts */}
        <figure className="auth-secret" aria-labelledby={captionId}>
          <figcaption id={captionId} className="auth-text auth-text--secondary">
            {t('secondFactor.setUp.secret')}
          </figcaption>
          <code className="auth-code">{inBlocks(setup.secret)}</code>
        </figure>
        {clipboard && (
          <button
            type="button"
            className="kit-button kit-button--text kit-button--start"
            onClick={() => {
              navigator.clipboard.writeText(setup.secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }}
          >
            {t('secondFactor.setUp.copy')}
          </button>
        )}
        <p className="auth-text auth-text--secondary" role="status">
          {copied ? t('secondFactor.setUp.copied') : ''}
        </p>
      </div>
    </>
  )
}

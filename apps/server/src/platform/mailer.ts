import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** The sender when `MAIL_FROM` is unset; a real mail server wants an address of its own domain. */
export const DEFAULT_MAIL_FROM = 'Kundenportal <no-reply@kundenportal.invalid>'

/** SMTP when `SMTP_URL` is set; otherwise each mail is written to `<dataDir>/outbox/*.eml`. */
export function createMailer(options: {
  smtpUrl?: string | undefined
  dataDir: string
  mailFrom?: string | undefined
}): Mailer {
  const from = options.mailFrom ?? DEFAULT_MAIL_FROM
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from, ...message })
      },
    }
  }
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      // decision 015: mails hold personal data and reset links: the server user's alone
      await mkdir(outbox, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`
      await writeFile(path.join(outbox, name), info.message as Buffer, { mode: 0o600 })
    },
  }
}

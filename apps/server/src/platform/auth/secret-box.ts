/**
 * Texts encrypted at rest (decision 035): AES-256-GCM under a key of the configuration, bound to a
 * context (a user's id, an idempotency key's owner) as additional data, so that a ciphertext copied
 * to another row does not open there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** `v1.<iv>.<ciphertext>.<tag>`, each part base64url. */
export function sealText(key: Uint8Array, context: string, text: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context))
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return [
    'v1',
    ...[iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url')),
  ].join('.')
}

/** The text of `sealText`; throws when the key, the context or any byte is not the sealed one. */
export function openText(key: Uint8Array, context: string, sealed: string): string {
  const [version, iv, ciphertext, tag] = sealed.split('.')
  if (version !== 'v1' || !iv || !ciphertext || !tag) throw new Error('unknown sealed format')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    .setAAD(Buffer.from(context))
    .setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}

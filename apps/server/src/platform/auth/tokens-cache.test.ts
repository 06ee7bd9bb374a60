import { describe, expect, it } from 'vitest'
import { TOKEN_LIFETIME_SECONDS, issueToken, verifyToken } from './tokens'

const verwalter = { userId: '0b6f6c1e-4d1a-4c5e-9a57-2f1f3b7c9d10', userName: 'verwalter' }
const sessionId = '5d0c9a7e-3b1f-4e2a-8c6d-9f0e1a2b3c4d'

describe('verifyToken with remembered signatures (decision 010)', () => {
  it('checks the expiry of a remembered token on every call', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const issued = Date.now()
    const token = await issueToken(secret, { ...verwalter, sessionId }, issued)
    const claims = { userId: verwalter.userId, issuedAtMs: issued, sessionId }
    expect(await verifyToken(secret, token)).toEqual(claims)
    expect(await verifyToken(secret, token)).toEqual(claims)
    const expired = Math.floor(issued / 1000) * 1000 + TOKEN_LIFETIME_SECONDS * 1000
    expect(await verifyToken(secret, token, expired - 1)).not.toBeNull()
    expect(await verifyToken(secret, token, expired)).toBeNull()
  })

  it('starts a new session unless the token is renewed within one', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const first = await verifyToken(secret, await issueToken(secret, verwalter))
    const second = await verifyToken(secret, await issueToken(secret, verwalter))
    expect(first!.sessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(second!.sessionId).not.toBe(first!.sessionId)
    const renewed = await issueToken(secret, { ...verwalter, sessionId: first!.sessionId })
    expect((await verifyToken(secret, renewed))!.sessionId).toBe(first!.sessionId)
  })

  it('does not accept a token verified under another secret', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const other = crypto.getRandomValues(new Uint8Array(32))
    const token = await issueToken(secret, verwalter)
    expect(await verifyToken(secret, token)).not.toBeNull()
    expect(await verifyToken(other, token)).toBeNull()
    // another first signature character changes the signature's first byte (the last character
    // carries bits that decoding ignores, so changing it may leave the signature as it is)
    const signatureStart = token.lastIndexOf('.') + 1
    const changed = token[signatureStart] === 'A' ? 'B' : 'A'
    const tampered = `${token.slice(0, signatureStart)}${changed}${token.slice(signatureStart + 1)}`
    expect(await verifyToken(secret, tampered)).toBeNull()
  })
})

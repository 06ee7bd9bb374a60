import { hash, verify, type Options } from '@node-rs/argon2'

/** `Algorithm.Argon2id`; the package's const enum cannot be imported under isolated modules. */
const ARGON2ID = 2

/** Argon2id with at least OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the user does not exist, so that the answer takes as long. */
export const UNKNOWN_USER_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$0nfoDkbg1hAzQnCtNk8K+g$ZnuCjPARN1k8hc9q1k/+FGhMo1tGSsXRVHB6umcJiT8'

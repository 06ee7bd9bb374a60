/**
 * A new `Idempotency-Key` for one user action (ARCHITECTURE 3.5, see `useIdempotentMutation`),
 * in a module of its own: the plain sign-in screens send keys without the query library. A random
 * key; `getRandomValues` works on plain http too, where `randomUUID` does not.
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

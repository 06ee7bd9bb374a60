import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { renderWithQueries } from '../../../testing/render'
import { ChangePasswordForm } from './change-password-form'

const RULES =
  'Mindestens 8 Zeichen, davon 1 Großbuchstabe, 2 Ziffern und 1 Sonderzeichen (. : _ - $ % # & + ! ? @).'

/** Whether `a` comes before `b` in the document, as the eye and a screen reader meet them. */
const before = (a: Node, b: Node) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)

describe('the password change', () => {
  beforeAll(() => initI18n())

  it('shows the rules at the new password, which they describe, not under the current one', () => {
    renderWithQueries(<ChangePasswordForm />)
    const current = screen.getByLabelText(/^Aktuelles Passwort/)
    const fresh = screen.getByLabelText(/^Neues Passwort(?! wiederholen)/)
    const repeat = screen.getByLabelText(/^Neues Passwort wiederholen/)
    const rules = screen.getByText(RULES)
    expect(fresh).toHaveAccessibleDescription(RULES)
    expect(current).not.toHaveAccessibleDescription(RULES)
    // current password, new password, its rules, the repetition
    expect(before(current, fresh)).toBe(true)
    expect(before(fresh, rules)).toBe(true)
    expect(before(rules, repeat)).toBe(true)
  })
})

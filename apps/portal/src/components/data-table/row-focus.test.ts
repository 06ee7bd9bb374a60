import { afterEach, describe, expect, it } from 'vitest'
import { focusTargetAfterRemoval, moveFocus } from './row-focus'

/** A table of lines with an edit and a delete button each; a line `null` has none (read-only). */
function table(lines: (string | null)[], detailAfter?: number) {
  document.body.innerHTML = `<table><caption>Betriebskosten</caption><tbody>${lines
    .map(
      (name, index) =>
        `<tr><th>${name ?? 'Pauschale'}</th><td>${
          name ? `<button>${name} bearbeiten</button><button>${name} löschen</button>` : ''
        }</td></tr>${index === detailAfter ? '<tr><td colspan="2">Einzelheiten</td></tr>' : ''}`,
    )
    .join('')}</tbody></table>`
}
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name)!

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the focus after a row is removed (decision 045)', () => {
  it('goes to the same action of the next row, past rows without it and detail rows', () => {
    table(['Wasser', null, 'Strom'], 0)
    expect(focusTargetAfterRemoval(button('Wasser löschen'))).toBe(button('Strom löschen'))
    expect(focusTargetAfterRemoval(button('Wasser bearbeiten'))).toBe(button('Strom bearbeiten'))
  })

  it('goes to the previous row for the last one, and to the table when it was the only one', () => {
    table(['Wasser', 'Strom'])
    expect(focusTargetAfterRemoval(button('Strom löschen'))).toBe(button('Wasser löschen'))
    table(['Wasser'])
    const target = focusTargetAfterRemoval(button('Wasser löschen'))
    expect(target).toBe(document.querySelector('table'))
    button('Wasser löschen').closest('tr')!.remove()
    moveFocus(target)
    expect(document.activeElement).toBe(document.querySelector('table'))
  })

  it('knows nothing for a control outside a table', () => {
    document.body.innerHTML = '<button>Allein</button>'
    expect(focusTargetAfterRemoval(button('Allein'))).toBeNull()
    expect(focusTargetAfterRemoval(null)).toBeNull()
  })
})

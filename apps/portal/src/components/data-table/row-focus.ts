const CONTROLS = 'button, a[href]'

/**
 * Decision 045: where the focus goes when the row holding `control` (a row action) is removed: the
 * same action of the next row, else of the previous row, else the table (named by its caption).
 * Read while the row is still there; the rows the answer keeps are the same elements afterwards.
 */
export function focusTargetAfterRemoval(control: Element | null): HTMLElement | null {
  const cell = control?.closest('td, th')
  const row = cell?.parentElement
  if (!control || !(cell instanceof HTMLTableCellElement) || !row) return null
  const index = [...cell.querySelectorAll(CONTROLS)].indexOf(control)
  const sameAction = (other: Element | null) => {
    const otherCell = other instanceof HTMLTableRowElement ? other.cells[cell.cellIndex] : undefined
    return otherCell?.querySelectorAll<HTMLElement>(CONTROLS)[index] ?? null
  }
  for (const step of ['nextElementSibling', 'previousElementSibling'] as const) {
    // detail rows (one cell across) have no such action and are passed over
    for (let other = row[step]; other; other = other[step]) {
      const target = sameAction(other)
      if (target) return target
    }
  }
  return row.closest('table')
}

/** Moves the focus to `target`; a table becomes focusable by script for it. */
export function moveFocus(target: HTMLElement | null) {
  if (!target?.isConnected) return
  if (target instanceof HTMLTableElement) target.tabIndex = -1
  target.focus()
}

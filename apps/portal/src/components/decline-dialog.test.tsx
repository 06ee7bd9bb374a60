import { DECLINE_REASON_REQUIRED_MESSAGE } from '@portal/domain'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../lib/i18n'
import { openDeclineDialog } from '../testing/render'
import { DeclineDialog } from './decline-dialog'

function Harness({ onDecline }: { onDecline: (reason: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button onClick={() => setOpen(true)}>Öffnen</button>
      <DeclineDialog
        open={open}
        title="Rechnung AR1 ablehnen"
        text="Bitte nennen Sie den Grund."
        reasonLabel="Grund der Ablehnung"
        confirmLabel="Ablehnen"
        pending={false}
        error={null}
        onDecline={onDecline}
        onClose={() => setOpen(false)}
      />
    </>
  )
}

const open = () => openDeclineDialog('Öffnen', 'Rechnung AR1 ablehnen')

describe('the decline dialog', () => {
  beforeAll(() => initI18n())

  it('sends the trimmed reason and closes once the decline succeeded', async () => {
    const onDecline = vi.fn(() => Promise.resolve())
    render(<Harness onDecline={onDecline} />)
    const { reason, confirm } = await open()
    await userEvent.click(confirm)
    expect(reason).toHaveAccessibleDescription(DECLINE_REASON_REQUIRED_MESSAGE)
    expect(onDecline).not.toHaveBeenCalled()
    await userEvent.type(reason, '  Die Fläche ist falsch. ')
    await userEvent.click(confirm)
    expect(onDecline).toHaveBeenCalledWith('Die Fläche ist falsch.')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('stays open with the text when the decline fails', async () => {
    render(<Harness onDecline={() => Promise.reject(new Error('500'))} />)
    const { dialog, reason, confirm } = await open()
    await userEvent.type(reason, 'Zu hoch.')
    await userEvent.click(confirm)
    expect(dialog).toBeVisible()
    expect(reason).toHaveValue('Zu hoch.')
  })

  it('starts empty at every opening: a cancelled reason does not come back', async () => {
    render(<Harness onDecline={() => Promise.resolve()} />)
    const first = await open()
    await userEvent.type(first.reason, 'Doch nicht.')
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const second = await open()
    expect(second.reason).toHaveValue('')
    expect(second.reason).toHaveAccessibleDescription('')
  })
})

import { zodResolver } from '@hookform/resolvers/zod'
import { IsoDateSchema } from '@portal/domain'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { initI18n } from '../lib/i18n'
import { ControlledDateField } from './date-field'
import { dateToIso, INCOMPLETE_DATE, isoToDate } from './date-field-picker'

const Schema = z.object({
  day: z.string().min(1, 'Dieses Feld muss ausgefüllt werden.').pipe(IsoDateSchema),
})
type Form = z.infer<typeof Schema>

function MoveOut({ initial, onSend }: { initial: string; onSend: (value: Form) => void }) {
  const { control, handleSubmit } = useForm<Form>({
    resolver: zodResolver(Schema),
    defaultValues: { day: initial },
  })
  return (
    <form noValidate onSubmit={handleSubmit(onSend)}>
      <ControlledDateField name="day" control={control} label="Auszugsdatum" required />
      <button type="submit">Senden</button>
    </form>
  )
}

/** The field's day, month and year as the user sees them. */
async function sections() {
  const group = await screen.findByRole('group', { name: /Auszugsdatum/ })
  const parts = group.querySelectorAll('[role="spinbutton"]')
  return { group, parts: [...parts] as HTMLElement[] }
}

describe('the date field', () => {
  beforeAll(() => initI18n())

  it('shows a stored ISO date as TT.MM.JJJJ and sends it back unchanged', async () => {
    const onSend = vi.fn()
    render(<MoveOut initial="2026-03-09" onSend={onSend} />)
    const { parts } = await sections()
    expect(parts.map((part) => part.textContent)).toEqual(['09', '03', '2026'])
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }))
    await waitFor(() => expect(onSend).toHaveBeenCalled())
    expect(onSend.mock.calls[0]![0]).toEqual({ day: '2026-03-09' })
  })

  it('takes digits typed day first, in an English browser too, and sends the ISO date', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    const onSend = vi.fn()
    render(<MoveOut initial="" onSend={onSend} />)
    const { parts } = await sections()
    expect(parts.map((part) => part.textContent)).toEqual(['TT', 'MM', 'JJJJ'])
    await userEvent.click(parts[0]!)
    await userEvent.keyboard('31122026')
    expect(parts.map((part) => part.textContent)).toEqual(['31', '12', '2026'])
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }))
    await waitFor(() => expect(onSend).toHaveBeenCalled())
    expect(onSend.mock.calls[0]![0]).toEqual({ day: '2026-12-31' })
    vi.restoreAllMocks()
  })

  it('asks for the whole date in the German form when it is typed in part', async () => {
    const onSend = vi.fn()
    render(<MoveOut initial="" onSend={onSend} />)
    const { parts } = await sections()
    await userEvent.click(parts[0]!)
    await userEvent.keyboard('3112')
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }))
    expect(
      await screen.findByText('Bitte geben Sie ein vollständiges Datum im Format TT.MM.JJJJ ein.'),
    ).toBeInTheDocument()
    // what was typed stays
    expect(parts.map((part) => part.textContent)).toEqual(['31', '12', 'JJJJ'])
    expect(onSend).not.toHaveBeenCalled()
  })

  it('names a complete date that does not exist, 31.02.2025, as such', async () => {
    const onSend = vi.fn()
    render(<MoveOut initial="" onSend={onSend} />)
    const { parts } = await sections()
    await userEvent.click(parts[0]!)
    await userEvent.keyboard('31022025')
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }))
    expect(await screen.findByText('Den 31.02.2025 gibt es nicht.')).toBeInTheDocument()
    expect(
      screen.queryByText('Bitte geben Sie ein vollständiges Datum im Format TT.MM.JJJJ ein.'),
    ).not.toBeInTheDocument()
    expect(onSend).not.toHaveBeenCalled()
  })

  it('asks for a date when none is given', async () => {
    render(<MoveOut initial="" onSend={vi.fn()} />)
    await sections()
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }))
    expect(await screen.findByText('Dieses Feld muss ausgefüllt werden.')).toBeInTheDocument()
  })
})

describe('the ISO value of the picker', () => {
  it('reads and writes local days, the years before 100 included', () => {
    expect(dateToIso(isoToDate('2024-02-29'))).toBe('2024-02-29')
    expect(dateToIso(isoToDate('0099-12-31'))).toBe('0099-12-31')
    expect(isoToDate('')).toBeNull()
    expect(dateToIso(null)).toBe('')
    expect(dateToIso(new Date(Number.NaN))).toBe(INCOMPLETE_DATE)
    expect(Number.isNaN(isoToDate(INCOMPLETE_DATE)!.getTime())).toBe(true)
  })
})

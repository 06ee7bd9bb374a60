import { render, screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client'
import { useServerFieldErrors } from '../lib/form-errors'
import { initI18n } from '../lib/i18n'
import { ErrorNotice } from './error-notice'
import { Field } from './kit/field'
import { MutationOutcome } from './mutation-outcome'
import { PanelState } from './panel-state'

const GENERIC = 'Leider ist ein Fehler aufgetreten'
const LATER = /später erneut/

/** A form with one field, `reason`, that shows what the server says about it. */
function ReasonForm({ error }: { error: unknown }) {
  const { register, setError, formState } = useForm<{ reason: string }>({
    defaultValues: { reason: 'zu teuer' },
  })
  const notice = useServerFieldErrors(error, setError, ['reason'])
  return (
    <form>
      <Field
        {...register('reason')}
        label="Grund"
        error={Boolean(formState.errors.reason)}
        helperText={formState.errors.reason?.message}
      />
      <MutationOutcome error={notice} />
    </form>
  )
}

describe('ErrorNotice and MutationOutcome (§8)', () => {
  beforeAll(() => initI18n())

  it('shows a 4xx about a field the form shows at that field, and no notice', async () => {
    const error = new ApiError(400, 116, 'Bitte geben Sie einen Grund an.', 'X', 'reason')
    render(<ReasonForm error={error} />)
    const reason = screen.getByRole('textbox', { name: 'Grund' })
    expect(await screen.findByText('Bitte geben Sie einen Grund an.')).toBeVisible()
    expect(reason).toHaveAccessibleDescription('Bitte geben Sie einen Grund an.')
    expect(reason).toBeInvalid()
    expect(reason).toHaveFocus()
    expect(reason).toHaveValue('zu teuer')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows a 4xx about a field no form shows as its German detail, once and without code', () => {
    const error = new ApiError(
      400,
      116,
      'Die Anfrage ist zu lang.',
      'X',
      'operatingCostsDistribution',
    )
    render(<ReasonForm error={error} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(/^Die Anfrage ist zu lang\.$/)
    expect(screen.getByRole('textbox', { name: 'Grund' })).toBeValid()
  })

  it('shows a 4xx without field as its detail alone: no generic text, hint or field path', () => {
    const detail = 'Nur eine freigegebene Kostenverteilung kann abgelehnt werden.'
    render(<ErrorNotice error={new ApiError(409, 116, detail, 'INVALID_STATUS_TRANSITION')} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(new RegExp(`^${detail}$`))
    expect(alert).not.toHaveTextContent(GENERIC)
    expect(alert).not.toHaveTextContent(LATER)
    expect(alert).not.toHaveTextContent('116')
    expect(screen.getAllByText(detail)).toHaveLength(1)
  })

  it.each([
    ['a 5xx', new ApiError(500, 120, 'Leider ist ein Fehler aufgetreten.', 'INTERNAL_ERROR')],
    ['a network failure', new ApiError(0, 120, null, 'NETWORK')],
    ['a 4xx without a detail', new ApiError(413, 120, null, null)],
  ])('shows %s as the generic text with the hint and the §8 code', (_, error) => {
    render(<ErrorNotice error={error} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(GENERIC)
    expect(alert).toHaveTextContent(LATER)
    expect(alert).toHaveTextContent('Fehlercodes 120')
  })

  it('keeps the generic text with the code for a list that failed to load on the server', () => {
    render(
      <PanelState loading={false} error={new ApiError(503, 113, null, null)} empty={false}>
        <p>Liste</p>
      </PanelState>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(`${GENERIC}Bitte versuchen Sie es später`)
    expect(screen.getByRole('alert')).toHaveTextContent('Fehlercodes 113')
    expect(screen.queryByText('Liste')).toBeNull()
  })
})

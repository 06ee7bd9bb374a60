import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { fieldErrorOf, isUserFixable } from './form-errors'

const REQUIRED = 'Dieses Feld muss ausgefüllt werden.'

describe('server errors at form fields', () => {
  it('finds the field a 4xx names among the fields the form shows', () => {
    const error = new ApiError(400, 128, 'Falsch.', 'CURRENT_PASSWORD_WRONG', 'currentPassword')
    expect(fieldErrorOf(error, ['currentPassword', 'newPassword'])).toEqual({
      field: 'currentPassword',
      message: 'Falsch.',
    })
    expect(fieldErrorOf(error, ['newPassword'])).toBeNull()
  })

  it('reads the field below a prefix, and nothing outside it', () => {
    const at = (field: string) => new ApiError(400, 100, REQUIRED, 'VALIDATION_FAILED', field)
    expect(fieldErrorOf(at('activity.payload.NAME1'), ['NAME1'], 'activity.payload')).toEqual({
      field: 'NAME1',
      message: REQUIRED,
    })
    expect(fieldErrorOf(at('activity.objectKey'), ['objectKey'], 'activity.payload')).toBeNull()
    expect(fieldErrorOf(at('activity.payloadNAME1'), ['NAME1'], 'activity.payload')).toBeNull()
    expect(fieldErrorOf(at('NAME1'), ['NAME1'], 'activity.payload')).toBeNull()
  })

  it('leaves 5xx, network failures and answers without detail to the generic notice', () => {
    for (const error of [
      new ApiError(500, 116, 'Fehler', 'INTERNAL_ERROR', 'reason'),
      new ApiError(0, 116, null, 'NETWORK'),
      new ApiError(400, 116, null, null, 'reason'),
      new Error('reason'),
    ]) {
      expect(isUserFixable(error)).toBe(false)
      expect(fieldErrorOf(error, ['reason'])).toBeNull()
    }
    expect(isUserFixable(new ApiError(409, 116, 'Schon erfasst.', 'CONFLICT'))).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { VALIDATION_MESSAGES } from '../validation/messages'
import { DATE_DOES_NOT_EXIST_MESSAGE, INVALID_DATE_MESSAGE } from '../validation/values'
import { FileUploadFieldsSchema, TenantChangeSchema, type TenantChangeDraft } from './files'

const de = VALIDATION_MESSAGES.de
const VALID: TenantChangeDraft = {
  customerType: 'private',
  salutation: 'FR',
  title: 'PRDR',
  NAME1: 'Jana',
  NAME2: 'Öztürk',
  AUSZUG: '2025-06-30',
  PLZ: '01067',
  ORT: 'Dresden',
  STRASSE: 'Prager Straße',
  HAUSNR: '3',
}

const messageAt = (draft: Record<string, unknown>, field: string) =>
  TenantChangeSchema.safeParse(draft).error?.issues.find((i) => i.path[0] === field)?.message

describe('TenantChangeSchema', () => {
  it('takes a complete form and the optional fields empty', () => {
    expect(TenantChangeSchema.safeParse(VALID).success).toBe(true)
    expect(
      TenantChangeSchema.safeParse({ ...VALID, EMAIL: '', TEL: '', POSTFACH: '', title: '' })
        .success,
    ).toBe(true)
  })

  it('answers the German messages of §5', () => {
    expect(messageAt({ ...VALID, NAME1: ' ' }, 'NAME1')).toBe(de.required())
    expect(messageAt({ ...VALID, ORT: 'x'.repeat(41) }, 'ORT')).toBe(de.maxLength(40))
    expect(messageAt({ ...VALID, PLZ: '0106' }, 'PLZ')).toBe(de.exactLength(5))
    expect(messageAt({ ...VALID, PLZ: '0106x' }, 'PLZ')).toBe(de.numbersOnly())
    expect(messageAt({ ...VALID, EMAIL: 'a@' }, 'EMAIL')).toBe(de.email())
    expect(messageAt({ ...VALID, TEL: '0351-abc' }, 'TEL')).toBe(de.numbersOnly())
    expect(messageAt({ ...VALID, POSTFACH: '12 34' }, 'POSTFACH')).toBe(de.numbersOnly())
    expect(messageAt({ ...VALID, salutation: 'XX' }, 'salutation')).toBe(de.required())
    expect(messageAt({ ...VALID, AUSZUG: '' }, 'AUSZUG')).toBe(de.required())
    expect(messageAt({ ...VALID, AUSZUG: '30.06.2025' }, 'AUSZUG')).toBe(INVALID_DATE_MESSAGE)
    expect(messageAt({ ...VALID, AUSZUG: '2025-02-29' }, 'AUSZUG')).toBe(
      DATE_DOES_NOT_EXIST_MESSAGE,
    )
  })

  it('is strict', () => {
    expect(TenantChangeSchema.safeParse({ ...VALID, extra: 'x' }).success).toBe(false)
  })
})

describe('FileUploadFieldsSchema', () => {
  it('takes only cost documents and a note of at most 500 characters', () => {
    expect(FileUploadFieldsSchema.parse({ objectType: 'KOSTENBELEG', objectKey: 'X' }).note).toBe(
      undefined,
    )
    expect(
      FileUploadFieldsSchema.safeParse({ objectType: 'RECHNUNG', objectKey: 'X' }).success,
    ).toBe(false)
    expect(
      FileUploadFieldsSchema.safeParse({
        objectType: 'KOSTENBELEG',
        objectKey: 'X',
        note: 'x'.repeat(501),
      }).error?.issues[0]?.message,
    ).toBe(de.maxLength(500))
  })
})

import { describe, expect, it } from 'vitest'
import { VALIDATION_MESSAGES, type ValidationMessages } from './messages'

const all = (messages: ValidationMessages) => [
  messages.required(),
  messages.email(),
  messages.numbersOnly(),
  messages.integersOnly(),
  messages.uppercaseOnly(),
  messages.maxLength(10),
  messages.minLength(3),
  messages.exactLength(5),
  messages.excludedCharacter(';'),
  messages.chooseAtLeastOne(),
  messages.invalidFormat(),
]

describe('generic validation messages', () => {
  it('use the German required text of the specification', () => {
    expect(VALIDATION_MESSAGES.de.required()).toBe('Dieses Feld muss ausgefüllt werden.')
  })

  it('carry the count or character they are about', () => {
    for (const messages of Object.values(VALIDATION_MESSAGES)) {
      expect(messages.maxLength(35)).toContain('35')
      expect(messages.minLength(4)).toContain('4')
      expect(messages.exactLength(5)).toContain('5')
      expect(messages.excludedCharacter('§')).toContain('§')
    }
    expect(VALIDATION_MESSAGES.en.maxLength(1)).toBe('At most 1 character allowed.')
  })

  it('are distinct within and between languages', () => {
    const texts = [...all(VALIDATION_MESSAGES.de), ...all(VALIDATION_MESSAGES.en)]
    expect(new Set(texts).size).toBe(texts.length)
  })
})

import { describe, expect, it } from 'vitest'
import { decodeLatin9, encodeLatin9, nonLatin9Characters } from './latin9'

const everyByte = Uint8Array.from({ length: 256 }, (_, byte) => byte)

describe('ISO 8859-15', () => {
  it('writes € and the German umlauts with their Latin-9 bytes', () => {
    expect([...encodeLatin9('€äöüßÄÖÜ')]).toEqual([0xa4, 0xe4, 0xf6, 0xfc, 0xdf, 0xc4, 0xd6, 0xdc])
    expect(decodeLatin9(Uint8Array.of(0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe))).toBe(
      '€ŠšŽžŒœŸ',
    )
  })

  it('decodes every byte as one character and encodes it back to the same byte', () => {
    const text = decodeLatin9(everyByte)
    expect(text).toHaveLength(256)
    expect(encodeLatin9(text)).toEqual(everyByte)
  })

  it('agrees with the WHATWG decoder for iso-8859-15, unlike latin1 (windows-1252)', () => {
    expect(decodeLatin9(everyByte)).toBe(new TextDecoder('iso-8859-15').decode(everyByte))
    expect(new TextDecoder('latin1').decode(Uint8Array.of(0xa4))).toBe('¤')
  })

  it('names the characters it cannot write and refuses to encode them', () => {
    expect(nonLatin9Characters('Preis ¤ 5 ✓ ✓ €')).toEqual(['¤', '✓'])
    expect(nonLatin9Characters('Grüße')).toEqual([])
    expect(() => encodeLatin9('½')).toThrow("Das Zeichen '½' gibt es in ISO 8859-15 nicht.")
  })
})

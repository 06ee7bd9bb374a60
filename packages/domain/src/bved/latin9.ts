/**
 * ISO 8859-15 (Latin-9), the character set of the bved files ("Zeichensatz: ISO 8859-15 Latin-9").
 * It is Latin-1 except for eight bytes, among them € at 0xA4. Written out here rather than taken
 * from `TextDecoder`: no runtime encodes it (TextEncoder writes UTF-8 only), 'latin1' and
 * 'iso-8859-1' are labels of windows-1252 there (0xA4 would read as '¤', 0x80 as '€'), and a Node
 * built without full ICU has no 'iso-8859-15' at all. Each byte is one character and each
 * character one byte, so decoding and encoding are exact inverses and record positions in bytes
 * are positions in the decoded text.
 */

/** The eight bytes where ISO 8859-15 differs from Latin-1, with their characters. */
const LATIN9_DIFFERENCES: ReadonlyArray<readonly [byte: number, character: string]> = [
  [0xa4, '€'],
  [0xa6, 'Š'],
  [0xa8, 'š'],
  [0xb4, 'Ž'],
  [0xb8, 'ž'],
  [0xbc, 'Œ'],
  [0xbd, 'œ'],
  [0xbe, 'Ÿ'],
]

const CHARACTER_OF_BYTE: readonly string[] = Array.from({ length: 256 }, (_, byte) => {
  const difference = LATIN9_DIFFERENCES.find(([differing]) => differing === byte)
  return difference ? difference[1] : String.fromCharCode(byte)
})

const BYTE_OF_CHARACTER: ReadonlyMap<string, number> = new Map(
  CHARACTER_OF_BYTE.map((character, byte) => [character, byte]),
)

/** The text of ISO 8859-15 bytes; every byte is a character, so decoding never fails. */
export function decodeLatin9(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += CHARACTER_OF_BYTE[byte]
  return text
}

/** True when ISO 8859-15 has the character ('€', 'ä'), false for '¤' (its byte is '€') or '✓'. */
function isLatin9Character(character: string): boolean {
  return BYTE_OF_CHARACTER.has(character)
}

/** The characters of a text that ISO 8859-15 cannot write, each once, in order of appearance. */
export function nonLatin9Characters(text: string): string[] {
  return [...new Set([...text].filter((character) => !isLatin9Character(character)))]
}

/**
 * The ISO 8859-15 bytes of a text. Throws for a character the set does not have; callers check
 * with `nonLatin9Characters` first, so that the user gets the field and the character named.
 */
export function encodeLatin9(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let index = 0; index < text.length; index++) {
    const byte = BYTE_OF_CHARACTER.get(text.charAt(index))
    if (byte === undefined) {
      throw new RangeError(`Das Zeichen '${text.charAt(index)}' gibt es in ISO 8859-15 nicht.`)
    }
    bytes[index] = byte
  }
  return bytes
}

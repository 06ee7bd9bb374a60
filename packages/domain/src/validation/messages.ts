export type MessageLocale = 'de' | 'en'

/** §5: the generic validation messages; which fields use them is up to each form. */
export interface ValidationMessages {
  required(): string
  email(): string
  numbersOnly(): string
  integersOnly(): string
  uppercaseOnly(): string
  maxLength(max: number): string
  minLength(min: number): string
  exactLength(length: number): string
  excludedCharacter(character: string): string
  chooseAtLeastOne(): string
  invalidFormat(): string
}

const de: ValidationMessages = {
  required: () => 'Dieses Feld muss ausgefüllt werden.',
  email: () => 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  numbersOnly: () => 'Es sind nur Zahlen erlaubt.',
  integersOnly: () => 'Es sind nur ganze Zahlen erlaubt.',
  uppercaseOnly: () => 'Es sind nur Großbuchstaben erlaubt.',
  maxLength: (max) => `Es sind höchstens ${max} Zeichen erlaubt.`,
  minLength: (min) => `Es sind mindestens ${min} Zeichen erforderlich.`,
  exactLength: (length) => `Die Länge ist ungültig. Es sind genau ${length} Zeichen erforderlich.`,
  excludedCharacter: (character) => `Das Zeichen „${character}“ ist nicht erlaubt.`,
  chooseAtLeastOne: () => 'Bitte wählen Sie mindestens einen Wert aus.',
  invalidFormat: () => 'Das Format ist ungültig.',
}

const characters = (count: number) => (count === 1 ? '1 character' : `${count} characters`)

const en: ValidationMessages = {
  required: () => 'This field is required.',
  email: () => 'Please enter a valid e-mail address.',
  numbersOnly: () => 'Only numbers are allowed.',
  integersOnly: () => 'Only whole numbers are allowed.',
  uppercaseOnly: () => 'Only uppercase letters are allowed.',
  maxLength: (max) => `At most ${characters(max)} allowed.`,
  minLength: (min) => `At least ${characters(min)} required.`,
  exactLength: (length) => `Invalid length. Exactly ${characters(length)} required.`,
  excludedCharacter: (character) => `The character "${character}" is not allowed.`,
  chooseAtLeastOne: () => 'Please choose at least one value.',
  invalidFormat: () => 'The format is invalid.',
}

/** §5: the generic messages per locale; German is the UI language, English the fallback. */
export const VALIDATION_MESSAGES: Readonly<Record<MessageLocale, ValidationMessages>> = { de, en }

/** §5: the German message for a required field that is empty. */
export const REQUIRED_MESSAGE = de.required()
/** §5: the German message for an invalid e-mail address. */
export const INVALID_EMAIL_MESSAGE = de.email()
/** §5: a cost file upload needs a file. */
export const FILE_REQUIRED_MESSAGE = 'Bitte wählen Sie eine Datei aus.'

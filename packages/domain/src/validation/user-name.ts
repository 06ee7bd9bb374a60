import { z } from 'zod'

export const USER_NAME_MESSAGE =
  'Der Benutzername muss 2 bis 64 Zeichen lang sein und darf nur Buchstaben (auch Umlaute und ß), Ziffern und . _ @ - enthalten; er beginnt mit einem Buchstaben oder einer Ziffer.'

/**
 * A user name as `user add` and a resident's registration accept it: letters of any script
 * (müller, łukasz), stored composed (NFC) as sign-in compares them (decision 022); sign-in compares
 * names without regard to case.
 */
export const UserNameSchema = z
  .string({ error: USER_NAME_MESSAGE })
  .trim()
  .normalize('NFC')
  .regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N}._@-]{1,63}$/u, { error: USER_NAME_MESSAGE })

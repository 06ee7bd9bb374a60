import { LegalText } from './legal-text'

export function Component() {
  return <LegalText text="userAgreements" />
}

import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor wait for what the user would see; on a busy machine (CI on two cores, the
// whole suite at once) an answer can take longer than the library's default of one second.
// A passing wait returns as soon as its condition holds, so this costs nothing when all is well.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
})

import type { ZodType } from 'zod'

/**
 * The first message of the domain schema per field of `values` (§5, German), for forms that
 * check with the schema itself instead of a form library; empty when the values pass.
 */
export function fieldProblems<F extends string>(
  schema: ZodType,
  values: Record<F, string>,
): Partial<Record<F, string>> {
  const result = schema.safeParse(values)
  const problems: Partial<Record<F, string>> = {}
  if (result.success) return problems
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && field in values && problems[field as F] === undefined) {
      problems[field as F] = issue.message
    }
  }
  return problems
}

/** The first of `fields` (in the order of the form) that has a problem. */
export function firstProblem<F extends string>(
  fields: readonly F[],
  problems: Partial<Record<F, string>>,
): F | undefined {
  return fields.find((field) => problems[field] !== undefined)
}

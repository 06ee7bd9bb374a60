import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable, isTransactionConflict } from './database-errors'

/** drizzle's wrapper: the SQL as `query`, the driver's error as `cause`. */
const wrapped = (cause: object) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', cause })
const withCode = (message: string, fields: object) => Object.assign(new Error(message), fields)

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a restart (57P01)', wrapped(withCode('terminating connection', { code: '57P01' }))],
    ['a crash (57P02)', withCode('terminating connection', { code: '57P02' })],
    ['starting up (57P03)', withCode('the database system is starting up', { code: '57P03' })],
    ['a connection exception (08006)', withCode('connection failure', { code: '08006' })],
    ['too many connections', withCode('sorry, too many clients already', { code: '53300' })],
    ['refused', withCode('connect ECONNREFUSED', { code: 'ECONNREFUSED', syscall: 'connect' })],
    [
      'refused on every address of localhost',
      Object.assign(new AggregateError([withCode('x', { syscall: 'connect' })], ''), {
        code: 'ECONNREFUSED',
      }),
    ],
    ['reset under a statement', wrapped(withCode('read ECONNRESET', { code: 'ECONNRESET' }))],
    ['the end of the socket', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'a client that broke before',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['the pool timed out', new Error('timeout exceeded when trying to connect')],
  ])('%s is', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', wrapped(withCode('duplicate key', { code: '23505' }))],
    ['a statement timeout', wrapped(withCode('canceling statement', { code: '57014' }))],
    ['a client that aborts its upload', withCode('aborted', { code: 'ECONNRESET' })],
    ['a plain error', new Error('kaputt')],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})

describe('isTransactionConflict', () => {
  it.each([
    ['a deadlock (40P01)', wrapped(withCode('deadlock detected', { code: '40P01' }))],
    ['a serialization failure (40001)', withCode('could not serialize access', { code: '40001' })],
  ])('%s is', (_name, error) => {
    expect(isTransactionConflict(error)).toBe(true)
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it.each([
    ['a unique violation', wrapped(withCode('duplicate key', { code: '23505' }))],
    ['a restart', wrapped(withCode('terminating connection', { code: '57P01' }))],
    ['a plain error', new Error('kaputt')],
  ])('%s is not', (_name, error) => {
    expect(isTransactionConflict(error)).toBe(false)
  })
})

/**
 * The check every route does that takes a property by its connection: the property (a top-level
 * connection) exists and the user sees it, else 404 with one German message, the same whether the
 * property is unknown or another customer's or owner's (a user never learns which).
 */
import { and, eq, isNull } from 'drizzle-orm'
import { notFound } from '../http-errors'
import type { Executor } from './database'
import { connections } from './schema'
import { visibleThroughProperty, type SessionUser } from './scope'

export const PROPERTY_NOT_FOUND_MESSAGE = 'Die Liegenschaft wurde nicht gefunden.'

export async function assertVisibleProperty(
  db: Executor,
  user: SessionUser,
  connection: string,
): Promise<void> {
  const [property] = await db
    .select({ connection: connections.connection })
    .from(connections)
    .where(
      and(
        eq(connections.connection, connection),
        isNull(connections.parentConnection),
        visibleThroughProperty(user, connections),
      ),
    )
  if (!property) throw notFound(PROPERTY_NOT_FOUND_MESSAGE)
}

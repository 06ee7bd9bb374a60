/**
 * The statements behind the hot answers on the benchmark's PostgreSQL database (decision 010): for the
 * 50-row and the whole connection search of verwalter and for the largest expense list, the
 * product's statement (the one the route runs) beside the reference's, each timed on its own
 * (the p50 of repeated runs over one connection) and explained with `EXPLAIN (ANALYZE, BUFFERS)`.
 * Run it after `DATABASE_URL=… npm run bench -- --scale 100`, which leaves `portal_bench` behind:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:explain
 *
 * It prints a Markdown table for docs/performance.md and the plans below it.
 */
import { eq, sql } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { openDatabase } from '../apps/server/src/platform/persistence/database'
import {
  connectionEntity,
  storedConnectionJson,
} from '../apps/server/src/modules/master-data/repositories/connections'
import {
  expenseEntity,
  expenseJson,
} from '../apps/server/src/modules/costs/repositories/operating-costs'
import { operatingCostsExpenses, users } from '../apps/server/src/platform/persistence/schema'
import { searchAnswerStatement } from '../apps/server/src/platform/persistence/search'
import { connectionsSearchStatement, expensesStatement } from './reference/statements'
import { median } from './targets'

const RUNS = 30
const server = process.env.DATABASE_URL
if (!server) throw new Error('DATABASE_URL fehlt: der PostgreSQL-Server des Benchmarks.')
const url = new URL(server)
url.pathname = '/portal_bench'

interface Statement {
  answer: string
  who: 'Produkt' | 'Referenz'
  text: string
  values: unknown[]
}

async function main() {
  const handle = await openDatabase({ databaseUrl: url.toString() })
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    const db = handle.db
    const dialect = (db as unknown as { dialect: PgDialect }).dialect
    const [row] = await db.select().from(users).where(eq(users.userName, 'verwalter'))
    if (!row) throw new Error('verwalter fehlt: erst den Benchmark laufen lassen.')
    const user = { ...row, userId: row.id }
    const [largest] = await db
      .select({ distribution: operatingCostsExpenses.operatingCostsDistribution })
      .from(operatingCostsExpenses)
      .where(eq(operatingCostsExpenses.kind, 'working'))
      .groupBy(operatingCostsExpenses.operatingCostsDistribution)
      .orderBy(sql`count(*) desc`)
      .limit(1)
    const distribution = largest!.distribution
    const none = { filters: [], sort: [] }
    const product = (answer: string, statement: ReturnType<typeof searchAnswerStatement>) => {
      const query = dialect.sqlToQuery(statement)
      return { answer, who: 'Produkt' as const, text: query.sql, values: query.params }
    }
    const statements: Statement[] = []
    for (const limit of [50, 9999]) {
      const answer = `connections-search, limit=${limit}`
      statements.push(
        product(
          answer,
          searchAnswerStatement(
            connectionEntity,
            user,
            none,
            { limit },
            { field: 'items', item: storedConnectionJson },
          ),
        ),
        {
          answer,
          who: 'Referenz',
          text: connectionsSearchStatement(false).text,
          values: [user.companyCode, limit],
        },
      )
    }
    const expenses = `Kostenliste ${distribution}`
    statements.push(
      product(
        expenses,
        searchAnswerStatement(
          expenseEntity(distribution, 'working'),
          user,
          none,
          { limit: 9999 },
          { field: 'operatingCostsWorkingExpense', item: expenseJson },
        ),
      ),
      {
        answer: expenses,
        who: 'Referenz',
        text: expensesStatement('working', false).text,
        values: [user.companyCode, 9999, distribution],
      },
    )

    const rows: string[] = []
    const plans: string[] = []
    for (const [index, statement] of statements.entries()) {
      const name = `explain_${index}`
      const run = () => client.query({ name, text: statement.text, values: statement.values })
      for (let i = 0; i < 3; i++) await run()
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        await run()
        times.push(performance.now() - started)
      }
      const explained = await client.query<{ 'QUERY PLAN': string }>({
        text: `explain (analyze, buffers, format text) ${statement.text}`,
        values: statement.values,
      })
      const plan = explained.rows.map((r) => r['QUERY PLAN'])
      const execution = plan
        .find((line) => line.startsWith('Execution Time'))
        ?.replace(/^Execution Time: /, '')
      const buffers = plan
        .find((line) => line.trim().startsWith('Buffers:'))
        ?.trim()
        .replace(/^Buffers: /, '')
      rows.push(
        `| ${statement.answer} | ${statement.who} | ${median(times).toFixed(2)} | ${execution ?? '–'} | ${buffers ?? '–'} |`,
      )
      plans.push(
        `### ${statement.answer} · ${statement.who}\n\n\`\`\`text\n${plan.join('\n')}\n\`\`\``,
      )
    }
    console.log(`| Antwort | Anweisung | p50 (ms, ${RUNS} Läufe) | EXPLAIN ANALYZE | Puffer |`)
    console.log('| --- | --- | ---: | ---: | --- |')
    console.log(rows.join('\n'))
    console.log(`\n${plans.join('\n\n')}`)
  } finally {
    await client.end()
    await handle.close()
  }
}

await main()

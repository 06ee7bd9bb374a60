/**
 * The reference server's SQL (decision 010): one prepared statement per answer, each writing the whole
 * answer body as text in PostgreSQL. The bodies must be byte-equal to the product's, which
 * fast-json-stringify writes compactly in the order of the response schema, so the JSON is
 * concatenated here rather than built with json_build_object (whose text has `" : "` and `", "`):
 * every value goes through `to_json(…)::text`, PostgreSQL's JSON string escaping, which writes what
 * JSON.stringify writes for text a database can hold; numerics are quoted as the API sends them.
 *
 * Visibility is the product's (apps/server/src/platform/persistence/scope.ts, `visibleThroughProperty`): the
 * user's company code and, for a user with a business partner, the properties whose owner feature
 * holds that partner and is valid today. Each statement exists twice, with and without the partner
 * condition, so that a prepared plan never has to cover both.
 */
import { PARTNER_FEATURE, PRODUCT_ATTRIBUTE } from '@portal/domain'

/** The expense lists the product answers, and the field each answer's lines are under. */
export const EXPENSE_LISTS = {
  heating: 'operatingCostsHeatingExpense',
  working: 'operatingCostsWorkingExpense',
} as const
export type ExpenseKind = keyof typeof EXPENSE_LISTS

/** A named statement of node-postgres: prepared once per connection, then only bound. */
export interface Statement {
  name: string
  text: string
}

/** The objects whose attributes are a connection's (`object_attributes.object_type`). */
const CONNECTION_OBJECT = 'ANSCHLUSS'

/** A constant of the domain as an SQL literal: the codes are plain words, never user input. */
function literal(value: string): string {
  if (!/^\w+$/.test(value)) throw new Error(`kein einfacher Code: ${value}`)
  return `'${value}'`
}

/** A JSON value of a column: its escaped JSON text, or `null`. */
const value = (expression: string) => `coalesce(to_json(${expression})::text, 'null')`
/** A JSON string of a numeric column, as the API sends amounts (exact decimal text), or `null`. */
const decimal = (expression: string) => value(`${expression}::text`)

/** `"name":value,…` of an object, in the order given (the response schema's order). */
function object(fields: [string, string][]): string {
  return fields
    .map(([name, json], index) => `'${index === 0 ? '{' : ','}"${name}":' || ${json}`)
    .concat(`'}'`)
    .join(' || ')
}

/**
 * The partner condition of `visibleThroughProperty` on a row aliased `alias`, with the partner
 * and today's date (Europe/Berlin, as the product computes it) as parameters `$partner`, `$today`.
 */
function ownedBy(alias: string, partner: number, today: number): string {
  return `and ${alias}.property_connection in (
      select f.connection from connection_features f
      where f.connection_attributes = ${literal(PARTNER_FEATURE)}
        and f.value = $${partner}
        and (f."from" is null or f."from" <= $${today}::date)
        and (f.until is null or f.until >= $${today}::date))`
}

/**
 * The answer of the first page: the first `$2` rows of `page` (ordered by `ord`) and `next`, the
 * product's keyset cursor (base64url of the JSON array of the sort values of the page's last
 * row, `page_key`) when a row beyond the page exists.
 */
function pageBody(field: string, item: string): string {
  return `'{"${field}":[' || coalesce(string_agg(${item}, ',' order by ord) filter (where ord <= $2::int), '')
    || '],"next":' || case when count(*) > $2::int
      then to_json(translate(encode(convert_to((select page_key from page where ord = $2::int), 'UTF8'), 'base64'), E'+/=\\n', '-_'))::text
      else 'null' end || '}'`
}

/**
 * The user and session a token names: the product's per-request lookup (`checkToken` in
 * apps/server/src/platform/auth/session-user.ts), the user by the immutable id and whether the token's
 * session was logged out. Instants in epoch milliseconds. Parameters: `$1` user id, `$2` session.
 */
export const USER_STATEMENT: Statement = {
  name: 'reference_user',
  text: `select u.id, u.user_name, u.company_code, u.business_partner,
    (extract(epoch from u.tokens_not_before) * 1000)::float8 as not_before_ms,
    (extract(epoch from u.signed_out_everywhere_at) * 1000)::float8 as signed_out_everywhere_ms,
    u.disabled_at is not null as disabled,
    exists (select 1 from revoked_sessions r where r.session_id = $2::uuid) as session_revoked
  from users u where u.id = $1::uuid`,
}

const connectionItem = object([
  ['connection', value('c.connection')],
  ['companyCode', value('c.company_code')],
  ['parentConnection', value('c.parent_connection')],
  ['name1', value('c.name1')],
  ['name2', value('c.name2')],
  ['street', value('c.street')],
  ['houseNumber', value('c.house_number')],
  ['houseNumberSuffix', value('c.house_number_suffix')],
  ['postalCode', value('c.postal_code')],
  ['city', value('c.city')],
  ['bvedPropertyNumber', value('c.bved_property_number')],
  ['erpReference', value('c.erp_reference')],
  // the first product attribute by id: its product's name, '' for an empty value, else null
  [
    'productName',
    `coalesce((select to_json(case when a.value = '' then '' else p.name end)::text
      from object_attributes a left join products p on p.product = a.value
      where a.object_type = ${literal(CONNECTION_OBJECT)} and a.object_key = c.connection
        and a.name = ${literal(PRODUCT_ATTRIBUTE)}
      order by a.id limit 1), 'null')`,
  ],
  [
    'connectionFeature',
    `'[' || coalesce((select string_agg(${object([
      ['connectionAttributes', value('f.connection_attributes')],
      ['value', value('f.value')],
      ['from', value('f."from"')],
      ['until', value('f.until')],
    ])}, ',' order by f.id) from connection_features f where f.connection = c.connection), '') || ']'`,
  ],
  [
    'attributesCollection',
    `'[' || coalesce((select string_agg(${object([
      ['name', value('a.name')],
      ['value', value('a.value')],
    ])}, ',' order by a.id) from object_attributes a
      where a.object_type = ${literal(CONNECTION_OBJECT)} and a.object_key = c.connection), '') || ']'`,
  ],
])

/**
 * `POST /api/persistence/connections-search` without filters, sort and cursor: the first page of
 * the connections the user sees in the default order (name1, name2, connection), each with its
 * features and attributes and its product's name. Parameters: `$1` company code, `$2` limit; with
 * a partner `$3` partner, `$4` today.
 */
export function connectionsSearchStatement(withPartner: boolean): Statement {
  return {
    name: `reference_connections_${withPartner ? 'partner' : 'company'}`,
    text: `with page as (
    select c.*, json_build_array(c.name1, c.name2, c.connection)::text as page_key,
      row_number() over (order by c.name1, c.name2, c.connection) as ord
    from connections c
    where c.company_code = $1 ${withPartner ? ownedBy('c', 3, 4) : ''}
    order by c.name1, c.name2, c.connection
    limit $2::int + 1
  )
  select ${pageBody('items', connectionItem)} as body from page c`,
  }
}

const expenseItem = object([
  ['guid', value('e.guid')],
  ['tariffComponent', value('e.tariff_component')],
  ['supplyArea', value('e.supply_area')],
  ['object', value('e.object')],
  ['key', value('e.key')],
  ['allocationObject', value('e.allocation_object')],
  ['allocationRef', value('e.allocation_ref')],
  ['from', value('e."from"')],
  ['until', value('e.until')],
  ['quantity', decimal('e.quantity')],
  ['unit', value('e.unit')],
  ['energyCarrier', value('e.energy_carrier')],
  ['amountTransactionCurrency', decimal('e.amount_transaction_currency')],
  ['apportionableAmount', decimal('e.apportionable_amount')],
  ['deductibleAmount', decimal('e.deductible_amount')],
  ['amountNet', decimal('e.amount_net')],
  ['amountNetApportionable', decimal('e.amount_net_apportionable')],
  ['note', value('e.note')],
  ['version', value('e.version')],
])

/**
 * `POST /api/persistence/operating-costs/:id/<kind>-expenses` with `{}` and no cursor: the first
 * page of the lines of one list of a distribution in the default order (createdAt,
 * tariffComponent, guid); the body is null when the user does not see the distribution (404).
 * Parameters: `$1` company code, `$2` limit, `$3` distribution; with a partner `$4` partner, `$5`
 * today.
 */
export function expensesStatement(kind: ExpenseKind, withPartner: boolean): Statement {
  return {
    name: `reference_expenses_${kind}_${withPartner ? 'partner' : 'company'}`,
    text: `with page as (
    select e.*, json_build_array(e.created_at, e.tariff_component, e.guid)::text as page_key,
      row_number() over (order by e.created_at, e.tariff_component, e.guid) as ord
    from operating_costs_expenses e
    where e.company_code = $1 ${withPartner ? ownedBy('e', 4, 5) : ''}
      and e.operating_costs_distribution = $3 and e.kind = ${literal(kind)}
    order by e.created_at, e.tariff_component, e.guid
    limit $2::int + 1
  )
  select case when exists (
      select 1 from operating_costs_distributions d
      where d.operating_costs_distribution = $3 and d.company_code = $1
        ${withPartner ? ownedBy('d', 4, 5) : ''})
    then ${pageBody(EXPENSE_LISTS[kind], expenseItem)} end as body
  from page e`,
  }
}

/**
 * `GET /api/processes/system/file-download/:id`: the bytes of a visible file with its media type
 * and name. Parameters: `$1` attachment, `$2` company code; with a partner `$3` partner, `$4` today.
 */
export function downloadStatement(withPartner: boolean): Statement {
  return {
    name: `reference_download_${withPartner ? 'partner' : 'company'}`,
    // the file's chunks (migration 0009) joined in order
    text: `select a.media_type, a.file_name, c.content
  from attachments a cross join lateral (
    select string_agg(k.content, ''::bytea order by k.chunk) as content
    from attachment_contents k where k.attachment = a.attachment) c
  where a.attachment = $1::uuid and a.company_code = $2 ${withPartner ? ownedBy('a', 3, 4) : ''}
    and c.content is not null`,
  }
}

/**
 * The store's SQL is written once, in SQLite's dialect; this turns it into PostgreSQL's. It knows
 * the handful of constructs the store uses and no more: parameters (`?`, `@name`), the JSON and
 * string aggregates, and in schema statements SQLite's column types, rowid keys, virtual generated
 * columns and triggers. Anything it does not rewrite is sent as written, so a construct it does
 * not know fails loudly in PostgreSQL, where the store contract tests see it.
 */

/**
 * What a `$n` is bound to: a named parameter (`@name`), the index of a positional `?`, or whether
 * a named parameter is NULL.
 */
export type PgParam = string | number | Readonly<{ isNull: string }>

export type PgStatement = Readonly<{ text: string; params: readonly PgParam[] }>

type Piece = { code: boolean; text: string }

/** Splits SQL into code and the quoted strings and comments that must never be rewritten. */
function pieces(sql: string): Piece[] {
  const out: Piece[] = []
  let code = ''
  let i = 0
  while (i < sql.length) {
    const ch = sql[i]!
    let end = -1
    if (ch === "'" || ch === '"') {
      end = i + 1
      while (end < sql.length) {
        if (sql[end] === ch) {
          if (sql[end + 1] === ch) end += 2
          else break
        } else end++
      }
      end++
    } else if (ch === '-' && sql[i + 1] === '-') {
      end = sql.indexOf('\n', i)
      if (end < 0) end = sql.length
    }
    if (end < 0) {
      code += ch
      i++
      continue
    }
    if (code) out.push({ code: true, text: code })
    code = ''
    out.push({ code: false, text: sql.slice(i, end) })
    i = end
  }
  if (code) out.push({ code: true, text: code })
  return out
}

function mapCode(sql: string, rewrite: (code: string) => string): string {
  return pieces(sql)
    .map((p) => (p.code ? rewrite(p.text) : p.text))
    .join('')
}

/** The index just past the parenthesis closing the one at `open`. */
function closing(sql: string, open: number): number {
  let depth = 0
  for (let i = open; i < sql.length; i++) {
    if (sql[i] === '(') depth++
    else if (sql[i] === ')' && --depth === 0) return i + 1
  }
  throw new Error(`unbalanced parentheses in: ${sql}`)
}

/** Rewrites each call `name(args)` with `render(args)`. */
function rewriteCalls(sql: string, name: string, render: (args: string) => string): string {
  const pattern = new RegExp(`\\b${name}\\s*\\(`, 'gi')
  let out = ''
  let from = 0
  for (let m = pattern.exec(sql); m; m = pattern.exec(sql)) {
    const open = m.index + m[0].length - 1
    const end = closing(sql, open)
    out += sql.slice(from, m.index) + render(rewriteFunctions(sql.slice(open + 1, end - 1)))
    from = end
    pattern.lastIndex = end
  }
  return out + sql.slice(from)
}

function rewriteFunctions(code: string): string {
  let sql = code
  sql = rewriteCalls(sql, 'group_concat', (a) => `string_agg(CAST(${a} AS text), ',')`)
  // SQLite's json_group_array gives '[]' over no rows, PostgreSQL's json_agg gives NULL.
  sql = rewriteCalls(sql, 'json_group_array', (a) => `COALESCE(json_agg(${a}), '[]'::json)`)
  sql = rewriteCalls(sql, 'json_object', (a) => `json_build_object(${a})`)
  sql = rewriteCalls(sql, 'json_each', (a) => `json_array_elements_text(CAST(${a} AS json))`)
  sql = rewriteCalls(sql, 'json_array_length', (a) => `json_array_length(CAST(${a} AS json))`)
  return sql
}

/** SQLite's blob literal `x'00ff'` is a bit string in PostgreSQL: written as bytea instead. */
function blobLiterals(sql: string): string {
  const parts = pieces(sql)
  // Part i is the code ending in the x, part i + 1 the quoted hex digits.
  const blobAt = (i: number): boolean =>
    !!parts[i]?.code &&
    /(^|\W)x$/i.test(parts[i].text) &&
    parts[i + 1]?.code === false &&
    /^'[0-9a-f]*'$/i.test(parts[i + 1]!.text)
  return parts
    .map((part, i) => {
      if (blobAt(i)) return part.text.slice(0, -1)
      if (blobAt(i - 1)) return `'\\x${part.text.slice(1, -1)}'::bytea`
      return part.text
    })
    .join('')
}

/** A query or data statement in PostgreSQL's dialect, with its parameters numbered. */
export function toPostgres(sql: string): PgStatement {
  const params: PgParam[] = []
  let positional = 0
  const text = mapCode(blobLiterals(sql), (code) =>
    rewriteFunctions(code)
      // PostgreSQL folds an unquoted name to lower case: `AS documentId` would come back as
      // documentid.
      .replace(/\bAS\s+([a-z]\w*[A-Z]\w*)\b/g, 'AS "$1"')
      // PostgreSQL must know a parameter's type where it first meets it, and `@x IS NULL` says
      // none: the test is bound as a boolean of its own.
      .replace(/[@:$]([A-Za-z_]\w*)\s+IS\s+(NOT\s+)?NULL\b/gi, (_, name: string, not?: string) => {
        params.push({ isNull: name })
        return `${not ? 'NOT ' : ''}CAST($${params.length} AS boolean)`
      })
      .replace(
        /\?|[@:$]([A-Za-z_]\w*)/g,
        (match: string, name: string | undefined, at: number, whole: string) => {
          if (match === '?') {
            params.push(positional++)
            return `$${params.length}`
          }
          // `::json` is a cast, not a parameter named json.
          if (whole[at - 1] === ':') return match
          const bound = params.indexOf(name!)
          if (bound >= 0) return `$${bound + 1}`
          params.push(name!)
          return `$${params.length}`
        }
      )
  )
  return { text, params }
}

const TRIGGER =
  /CREATE\s+TRIGGER\s+(\w+)\s+(BEFORE|AFTER)\s+(UPDATE(?:\s+OF\s+[\w\s,]+?)?|INSERT|DELETE)\s+ON\s+(\w+)\s+BEGIN\s+([\s\S]*?);\s+END\s*;/gi

/** A SQLite trigger as a PostgreSQL trigger function and a row trigger that runs it. */
function trigger(
  _: string,
  name: string,
  when: string,
  event: string,
  table: string,
  body: string
): string {
  const statements = `${body};`.replace(
    /SELECT\s+RAISE\s*\(\s*ABORT\s*,\s*('(?:[^']|'')*')\s*\)\s*;/gi,
    'RAISE EXCEPTION $1;'
  )
  const result = when.toUpperCase() === 'BEFORE' && /DELETE/i.test(event) ? 'OLD' : 'NEW'
  return `CREATE FUNCTION ${name}_fn() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
${statements}
RETURN ${result};
END
$fn$;
CREATE TRIGGER ${name} ${when} ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}_fn();`
}

/** Column types and keys of a CREATE TABLE or ALTER TABLE in PostgreSQL's terms. */
function tableDefinition(code: string): string {
  return code
    .replace(
      /\bINTEGER\s+PRIMARY\s+KEY(\s+AUTOINCREMENT)?/gi,
      'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY'
    )
    .replace(/\bINTEGER\b/gi, 'BIGINT')
    .replace(/\bREAL\b/gi, 'DOUBLE PRECISION')
    .replace(/\bBLOB\b/gi, 'BYTEA')
    .replace(/\bVIRTUAL\b/gi, 'STORED')
    .replace(/\)\s*STRICT\b/gi, ')')
}

/** A schema script (several statements, no parameters) in PostgreSQL's dialect. */
export function schemaToPostgres(sql: string): string {
  return mapCode(blobLiterals(sql), (code) => tableDefinition(code)).replace(TRIGGER, trigger)
}

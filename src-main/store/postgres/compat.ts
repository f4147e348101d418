/** The advisory lock a project's schema changes are made under (migrations, these functions). */
export const SCHEMA_LOCK = 7402029

/**
 * SQLite idioms the store's SQL uses that PostgreSQL lacks, defined in the database once:
 * `sum(a = b)` counts the rows where a comparison holds (SQLite sums booleans as 0 and 1).
 * Created under an advisory lock, so two processes opening a new project do not race.
 */
export const COMPAT_SQL = `
BEGIN;
SELECT pg_advisory_xact_lock(${SCHEMA_LOCK});
CREATE OR REPLACE FUNCTION recto_count_true(bigint, boolean) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS 'SELECT $1 + CASE WHEN $2 THEN 1 ELSE 0 END';
CREATE OR REPLACE AGGREGATE sum(boolean) (SFUNC = recto_count_true, STYPE = bigint, INITCOND = '0');
COMMIT;
`

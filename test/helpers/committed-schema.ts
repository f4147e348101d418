import { readFileSync } from 'node:fs'

/**
 * A JSON Schema file committed beside its export (`src-main/export/<file>`), as parsed: the
 * tests hold it in step with the zod schema it is written from.
 */
export function committedSchema(file: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`../../src-main/export/${file}`, import.meta.url), 'utf8')
  ) as unknown
}

import { RE2JS } from 're2js'
import { messageOf } from '../shared/error-message.js'

/** What a reviewer looks for across the project's pages. */
export type TextQuery = Readonly<{
  pattern: string
  /** The pattern is a regular expression (JavaScript's syntax, as RE2 reads it); else literal. */
  regex: boolean
  caseSensitive: boolean
}>

/**
 * The query compiled by RE2 (re2js, a JavaScript port): a reviewer's expression runs on the
 * server, and JavaScript's backtracking engine takes exponential time on some (`(.*a){25}` never
 * ended, and every other reviewer's call waited behind it). RE2 matches in time linear in the
 * text, whatever the pattern; it has no backreferences or lookahead, which it refuses as syntax
 * errors. Throws for a pattern it cannot compile.
 */
export function queryPattern(query: TextQuery): RE2JS {
  const source = query.regex ? RE2JS.translateRegExp(query.pattern) : RE2JS.quote(query.pattern)
  return RE2JS.compile(source, query.caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE)
}

/**
 * Why the query cannot run, or null when it can: a regular expression that does not compile, or
 * one that matches the empty text (it would match between every two characters).
 */
export function queryError(query: TextQuery): string | null {
  if (query.pattern === '') return 'nothing to find'
  try {
    if (queryPattern(query).test('')) return 'the expression matches empty text'
    return null
  } catch (error) {
    return messageOf(error)
  }
}

export type TextMatch = Readonly<{
  /** Where the match starts in the text, in UTF-16 units. */
  index: number
  match: string
  /** Up to `CONTEXT` characters either side, on the match's own lines. */
  before: string
  after: string
}>

const CONTEXT = 40

/** The query's matches in a text (a query `queryError` passed). */
export function findMatches(text: string, query: TextQuery, limit = Infinity): TextMatch[] {
  const found: TextMatch[] = []
  const hit = queryPattern(query).matcher(text)
  while (hit.find()) {
    const start = hit.start()
    const end = hit.end()
    const lineStart = text.lastIndexOf('\n', start - 1) + 1
    const lineEnd = text.indexOf('\n', end)
    found.push({
      index: start,
      match: text.slice(start, end),
      before: text.slice(Math.max(lineStart, start - CONTEXT), start),
      after: text.slice(end, Math.min(lineEnd < 0 ? text.length : lineEnd, end + CONTEXT))
    })
    if (found.length >= limit) break
  }
  return found
}

/**
 * The text with every match replaced. A literal query's replacement is literal too; a regular
 * expression's may name its groups (`$1`, `$<name>`), as JavaScript's replace reads them.
 */
export function replaceMatches(text: string, query: TextQuery, replacement: string): string {
  const matcher = queryPattern(query).matcher(text)
  return matcher.replaceAll(query.regex ? replacement : RE2JS.quoteReplacement(replacement))
}

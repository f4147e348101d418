import { messageOf } from '../shared/error-message.js'
/** What a reviewer looks for across the project's pages. */
export type TextQuery = Readonly<{
  pattern: string
  /** The pattern is a JavaScript regular expression; otherwise literal text. */
  regex: boolean
  caseSensitive: boolean
}>

/**
 * Characters that mean something in a regular expression, escaped to stand for themselves. Only
 * these: with the u flag any other escape (`\-`, `\'`) is a syntax error, not the character.
 */
function escapeLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** The query as a global regular expression (Unicode); throws SyntaxError for a bad one. */
export function queryRegExp(query: TextQuery): RegExp {
  const source = query.regex ? query.pattern : escapeLiteral(query.pattern)
  return new RegExp(source, query.caseSensitive ? 'gu' : 'giu')
}

/**
 * Why the query cannot run, or null when it can: a regular expression that does not compile, or
 * one that matches the empty text (it would match between every two characters).
 */
export function queryError(query: TextQuery): string | null {
  if (query.pattern === '') return 'nothing to find'
  try {
    if (queryRegExp(query).test('')) return 'the expression matches empty text'
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
  for (const hit of text.matchAll(queryRegExp(query))) {
    const start = hit.index
    const end = start + hit[0].length
    const lineStart = text.lastIndexOf('\n', start - 1) + 1
    const lineEnd = text.indexOf('\n', end)
    found.push({
      index: start,
      match: hit[0],
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
  const re = queryRegExp(query)
  return query.regex ? text.replace(re, replacement) : text.replace(re, () => replacement)
}

/**
 * olmOCR-bench test semantics (allenai/olmocr, olmocr/bench/tests.py), re-implemented so the eval
 * needs no Python: `normalize_text`, rapidfuzz `partial_ratio` for present/absent with the
 * threshold 1 - max_diffs/len, fuzzysearch `find_near_matches` (Levenshtein) for order, and the
 * blank-page baseline test. Table and math tests need Markdown/HTML tables and LaTeX, which no
 * plain-text extractor emits, so the eval counts them apart.
 */

const REPLACEMENTS: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\uff3f': '_',
  '\u2013': '-',
  '\u2014': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u00b5': '\u03bc'
}

/** Upstream's normalize_text: markdown emphasis removed, whitespace collapsed, NFC, ASCII quotes. */
export function normalizeBenchText(text: string): string {
  let s = text.replace(/<br\/?>/g, ' ')
  s = s.replace(/\*\*(.*?)\*\*/g, '$1').replace(/__(.*?)__/g, '$1')
  s = s.replace(/<\/?b>/g, '').replace(/<\/?i>/g, '')
  s = s.replace(/(\*\*|__)(.*?)\1/g, '$2').replace(/(\*|_)(.*?)\1/g, '$2')
  s = s.replace(/\s+/g, ' ').normalize('NFC')
  let out = ''
  for (const ch of s) out += REPLACEMENTS[ch] ?? ch
  return out
}

/** Longest common subsequence length of two code-unit strings, O(a·b) time, O(b) memory. */
function lcs(a: string, b: string): number {
  const row = new Uint16Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    let diag = 0
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!
      row[j] = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? diag + 1 : Math.max(up, row[j - 1]!)
      diag = up
    }
  }
  return row[b.length]!
}

/**
 * Semi-global alignment of `pattern` against every substring of `text`: for each end position j
 * the least cost of aligning the whole pattern to a substring ending at j. `subCost` 2 gives the
 * Indel distance (rapidfuzz's ratio), 1 gives Levenshtein (fuzzysearch).
 */
function endCosts(pattern: string, text: string, subCost: number): Uint32Array {
  const m = pattern.length
  let prev = new Uint32Array(m + 1)
  let cur = new Uint32Array(m + 1)
  for (let i = 0; i <= m; i++) prev[i] = i
  const ends = new Uint32Array(text.length)
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0
    const t = text.charCodeAt(j - 1)
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1]! + (pattern.charCodeAt(i - 1) === t ? 0 : subCost)
      cur[i] = Math.min(sub, prev[i]! + 1, cur[i - 1]! + 1)
    }
    ends[j - 1] = cur[m]!
    const swap = prev
    prev = cur
    cur = swap
  }
  return ends
}

/**
 * rapidfuzz `partial_ratio(needle, text) / 100` where only the pass/fail against `threshold`
 * matters: the best window of the needle's length (clipped at the text's edges) scored by
 * 2·LCS/(len a + len b). A window reaching the threshold has Indel distance ≤ 2·max_diffs, so
 * only windows ending where the semi-global Indel cost is that small are scored exactly.
 */
export function partialRatioAtLeast(needle: string, text: string, threshold: number): boolean {
  if (needle.length === 0) return true
  if (text.includes(needle)) return true
  if (threshold >= 1) return false
  const [a, b] = needle.length <= text.length ? [needle, text] : [text, needle]
  const m = a.length
  const budget = Math.floor(2 * m * (1 - threshold)) + 1
  const ends = endCosts(a, b, 2)
  for (let j = 0; j < b.length; j++) {
    if (ends[j]! > budget) continue
    for (let len = m; len >= Math.max(1, m - budget); len--) {
      const start = j + 1 - len
      if (start < 0) continue
      if (len < m && start > 0 && j + 1 < b.length) break
      const w = b.slice(start, j + 1)
      // The epsilon absorbs float rounding where the ratio equals the threshold exactly.
      if ((2 * lcs(a, w)) / (m + w.length) >= threshold - 1e-9) return true
    }
  }
  return false
}

/** Start offsets of every approximate occurrence of `pattern` within Levenshtein `maxDist`. */
export function nearMatchStarts(pattern: string, text: string, maxDist: number): number[] {
  if (maxDist === 0) {
    const starts: number[] = []
    for (let i = text.indexOf(pattern); i >= 0; i = text.indexOf(pattern, i + 1)) starts.push(i)
    return starts
  }
  const rev = (s: string): string => s.split('').reverse().join('')
  const ends = endCosts(rev(pattern), rev(text), 1)
  const starts: number[] = []
  for (let j = ends.length - 1; j >= 0; j--) {
    if (ends[j]! <= maxDist) starts.push(text.length - 1 - j)
  }
  return starts
}

export type BenchTest = Readonly<{
  pdf: string
  page: number
  id: string
  type: string
  text?: string
  before?: string
  after?: string
  max_diffs?: number
  case_sensitive?: boolean
  first_n?: number
  last_n?: number
  max_length?: number
}>

/** Whether a test kind can be judged on plain text at all. */
export function isPlainTextTest(test: BenchTest): boolean {
  return ['present', 'absent', 'order', 'baseline'].includes(test.type)
}

function presence(test: BenchTest, content: string): boolean {
  const maxDiffs = test.max_diffs ?? 0
  let query = normalizeBenchText(test.text ?? '')
  let md = normalizeBenchText(content)
  if (test.case_sensitive === false) {
    query = query.toLowerCase()
    md = md.toLowerCase()
  }
  if (test.first_n && test.last_n) md = md.slice(0, test.first_n) + md.slice(-test.last_n)
  else if (test.first_n) md = md.slice(0, test.first_n)
  else if (test.last_n) md = md.slice(-test.last_n)
  const present = test.type === 'present'
  if (md.length < query.length - maxDiffs) return !present
  const threshold = 1 - maxDiffs / (query.length || 1)
  const found = partialRatioAtLeast(query, md, threshold)
  return present ? found : !found
}

function order(test: BenchTest, content: string): boolean {
  const maxDiffs = test.max_diffs ?? 0
  const md = normalizeBenchText(content)
  const before = nearMatchStarts(normalizeBenchText(test.before ?? ''), md, maxDiffs)
  const after = nearMatchStarts(normalizeBenchText(test.after ?? ''), md, maxDiffs)
  if (before.length === 0 || after.length === 0) return false
  return Math.min(...before) < Math.max(...after)
}

function baseline(test: BenchTest, content: string): boolean {
  const alnum = [...content].filter((c) => /[\p{L}\p{N}]/u.test(c)).length
  if (test.max_length !== undefined) return alnum <= test.max_length
  return alnum > 0
}

/** Runs one plain-text test against a page's text. */
export function runBenchTest(test: BenchTest, content: string): boolean {
  switch (test.type) {
    case 'present':
    case 'absent':
      return presence(test, content)
    case 'order':
      return order(test, content)
    case 'baseline':
      return baseline(test, content)
    default:
      throw new Error(`not a plain-text test: ${test.type}`)
  }
}

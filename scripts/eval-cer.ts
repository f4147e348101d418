/**
 * Character error rate as `recto score` defines it (DESIGN.md): Levenshtein distance over the
 * gold length, after lower-casing, collapsing whitespace and stripping. Whole documents reach
 * 150k characters, too many for a full O(n·m) table, so long pairs are first aligned word by word
 * (GNU diff on one word per line, fast on 50k-word texts) and only the differing stretches are
 * compared by characters; that gives an upper bound of the true distance, exact when the stretches
 * are separated by a matching word.
 */

import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function normalizeForCer(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim()
}

/** Plain Levenshtein distance, O(a·b) time, O(b) memory. */
export function levenshtein(a: string, b: string): number {
  if (a.length === 0) return b.length
  if (b.length === 0) return a.length
  const row = new Uint32Array(b.length + 1)
  for (let j = 0; j <= b.length; j++) row[j] = j
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!
    row[0] = i
    const ca = a.charCodeAt(i - 1)
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!
      const sub = diag + (ca === b.charCodeAt(j - 1) ? 0 : 1)
      row[j] = Math.min(sub, up + 1, row[j - 1]! + 1)
      diag = up
    }
  }
  return row[b.length]!
}

/** Pairs of equal-word indices, in order, from `diff` run on one word per line. */
function commonWords(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'recto-cer-'))
  try {
    writeFileSync(join(dir, 'a'), a.join('\n') + '\n')
    writeFileSync(join(dir, 'b'), b.join('\n') + '\n')
    let out: string
    try {
      out = execFileSync('diff', [join(dir, 'a'), join(dir, 'b')], {
        encoding: 'utf8',
        maxBuffer: 1 << 28
      })
    } catch (err) {
      // diff exits 1 when the files differ, which is the normal case here.
      const e = err as { status?: number; stdout?: string }
      if (e.status !== 1 || e.stdout === undefined) throw err
      out = e.stdout
    }
    return pairsFromNormalDiff(out, a.length, b.length)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Reads diff's normal format (`3,5c4,6`, `7a8`, `9d8`) into the equal lines between hunks. */
function pairsFromNormalDiff(out: string, n: number, m: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = []
  let x = 0
  let y = 0
  const keepTo = (xEnd: number): void => {
    while (x < xEnd) pairs.push([x++, y++])
  }
  for (const line of out.split('\n')) {
    const h = /^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$/.exec(line)
    if (!h) continue
    const a1 = Number(h[1])
    const a2 = h[2] ? Number(h[2]) : a1
    const b1 = Number(h[4])
    const b2 = h[5] ? Number(h[5]) : b1
    const op = h[3]
    // In `a` hunks the left number is the line after which lines are added; in `d` hunks the
    // right number is the line after which lines were deleted.
    const aStart = op === 'a' ? a1 : a1 - 1
    keepTo(aStart)
    x = op === 'a' ? a1 : a2
    y = op === 'd' ? b1 : b2
  }
  keepTo(n)
  if (y !== m) throw new Error(`diff alignment ended at ${y} of ${m} words`)
  return pairs
}

/** Above this many cells a differing stretch is charged its longer length instead (an upper bound). */
const MAX_CELLS = 3e8

function stretchDistance(a: string, b: string): number {
  if (a.length * b.length > MAX_CELLS) return Math.max(a.length, b.length)
  return levenshtein(a, b)
}

/** Edit distance of two normalised texts, exact for short texts, word-aligned for long ones. */
export function editDistance(hyp: string, gold: string): number {
  if (hyp.length * gold.length <= 4e7) return levenshtein(hyp, gold)
  const a = hyp.split(' ')
  const b = gold.split(' ')
  const pairs = commonWords(a, b)
  let total = 0
  let ai = 0
  let bi = 0
  const flush = (aEnd: number, bEnd: number): void => {
    if (aEnd === ai && bEnd === bi) return
    const sa = a.slice(ai, aEnd).join(' ')
    const sb = b.slice(bi, bEnd).join(' ')
    // The separating spaces around a stretch are counted when one side of it is empty.
    total += stretchDistance(sa, sb) + (sa === '' || sb === '' ? 1 : 0)
  }
  for (const [x, y] of pairs) {
    flush(x, y)
    ai = x + 1
    bi = y + 1
  }
  flush(a.length, b.length)
  return total
}

/** CER of a hypothesis against a gold text; both normalised here. */
export function cer(hypothesis: string, gold: string): number {
  const g = normalizeForCer(gold)
  const h = normalizeForCer(hypothesis)
  if (g.length === 0) return h.length === 0 ? 0 : 1
  return editDistance(h, g) / g.length
}

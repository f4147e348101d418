import type { BBox } from '../shared/layout.js'
import { alignRun } from './align.js'
import type { GlyphRun } from './glyph-runs.js'
import { CodeVotes, type CodeReading } from './votes.js'

/** A block whose text a reviewer corrected: its box on the page and the text it should read. */
export type CorrectedBlock = Readonly<{ page: number; bbox: BBox; text: string }>

/** Slack around a block's box for the runs it holds, in points. */
const SLACK = 1
/**
 * Alignment errors per glyph above which a block's votes are not counted: the corrected text also
 * holds the characters of the block's other fonts, which the alignment skips.
 */
const MAX_ERRORS_PER_GLYPH = 0.5

function inside(run: GlyphRun, box: BBox): boolean {
  const x = (run.bbox[0] + run.bbox[2]) / 2
  const y = (run.bbox[1] + run.bbox[3]) / 2
  return x >= box[0] - SLACK && x <= box[2] + SLACK && y >= box[1] - SLACK && y <= box[3] + SLACK
}

/**
 * What a reviewer's corrected words say about one program's codes: the codes of its runs in each
 * corrected block, aligned with the block's corrected characters against the map as it stands
 * (its codes anchor the alignment, so a wrong code lines up with the right character). Codes the
 * map reads as spaces are left out, as the characters are whitespace-free.
 */
export function reviewReadings(
  runs: readonly GlyphRun[],
  blocks: readonly CorrectedBlock[],
  known: ReadonlyMap<number, string>
): CodeReading[] {
  const votes = new CodeVotes()
  for (const block of blocks) {
    const codes = runs
      .filter((run) => run.page === block.page && inside(run, block.bbox))
      .flatMap((run) => run.codes)
      .filter((code) => known.get(code) !== ' ')
    if (codes.length === 0) continue
    const alignment = alignRun(codes, [...block.text.replace(/\s+/g, '')], known)
    if (alignment.errors > MAX_ERRORS_PER_GLYPH * codes.length) continue
    for (const [code, text] of alignment.pairs) votes.add(code, text)
  }
  return votes.winners()
}

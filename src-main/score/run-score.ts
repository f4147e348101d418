import type { ReadableDB } from '../store/db.js'
import { bakeOff, type BakeOff, type Candidate, type ExtractionLookup } from './bake-off.js'
import { databaseExtraction } from './database-extraction.js'
import { engineExtraction } from './engine-extraction.js'
import { readGoldFolder } from './gold-folder.js'

export type ScoreResult = BakeOff &
  Readonly<{
    gold: string
    /** PDFs of the gold folder without a transcription beside them. */
    withoutText: readonly string[]
  }>

/**
 * Scores a gold folder: each entry's Recto text comes from the project when it holds the entry's
 * pages (the text stored at ingest), otherwise from extracting the entry's PDF now.
 */
export async function scoreGoldFolder(
  gold: string,
  db: ReadableDB | null,
  candidates: readonly Candidate[]
): Promise<ScoreResult> {
  const folder = await readGoldFolder(gold)
  const lookup: ExtractionLookup = async (entry) =>
    (db && (await databaseExtraction(db, entry))) ?? engineExtraction(entry.pdf)
  const result = await bakeOff(folder.entries, lookup, candidates)
  return { gold, withoutText: folder.withoutText, ...result }
}

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FlagCode } from '../shared/flags.js'
import { characterErrorRate, wordErrorRate, type ErrorRate } from '../error-rate/error-rate.js'
import { stripBom, type GoldEntry } from './gold-folder.js'
import { messageOf } from '../shared/error-message.js'
import { MUPDF_RAW, RECTO } from './candidate-names.js'

/** What Recto made of an entry's pages: its automatic text (never the reviewer's), MuPDF's raw text, and the flags. */
export type EntryExtraction = Readonly<{
  recto: string
  raw: string
  flags: readonly FlagCode[]
  /** `database` when the pages were found in the DB, `engine` when extracted afresh. */
  from: 'database' | 'engine'
}>

export type ExtractionLookup = (entry: GoldEntry) => Promise<EntryExtraction>

/** A folder of `<entry>.txt` files written by another tool. */
export type Candidate = Readonly<{ name: string; dir: string }>

export type Score = Readonly<{ cer: ErrorRate; wer: ErrorRate }>

export type EntryScore = Readonly<{
  entry: string
  from: EntryExtraction['from']
  flags: readonly FlagCode[]
  /** Per extractor; null when a candidate has no text for this entry. */
  scores: Readonly<Record<string, Score | null>>
}>

export type Mean = Readonly<{
  /** Entries the extractor had text for. */
  entries: number
  /** Mean of the per-entry rates (each entry weighs the same). */
  cer: number
  wer: number
  /** Total distance over total gold length (long entries weigh more). */
  pooledCer: number
  pooledWer: number
}>

export type BakeOff = Readonly<{
  extractors: readonly string[]
  /** Entries that could not be scored: their PDF could not be extracted. */
  skipped: readonly Readonly<{ entry: string; reason: string }>[]
  entries: readonly EntryScore[]
  means: Readonly<Record<string, Mean | null>>
  /** Mean CER per flag and extractor, over the entries whose pages carry the flag. */
  byFlag: Readonly<Partial<Record<FlagCode, Readonly<Record<string, Mean | null>>>>>
}>

function score(gold: string, candidate: string): Score {
  return { cer: characterErrorRate(gold, candidate), wer: wordErrorRate(gold, candidate) }
}

async function candidateText(candidate: Candidate, entry: string): Promise<string | null> {
  try {
    return stripBom(await readFile(join(candidate.dir, `${entry}.txt`), 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

function mean(scores: readonly (Score | null)[]): Mean | null {
  const present = scores.filter((s): s is Score => s !== null)
  if (present.length === 0) return null
  const sum = (f: (s: Score) => number): number => present.reduce((t, s) => t + f(s), 0)
  const pooled = (d: number, l: number): number => (l === 0 ? (d === 0 ? 0 : 1) : d / l)
  return {
    entries: present.length,
    cer: sum((s) => s.cer.rate) / present.length,
    wer: sum((s) => s.wer.rate) / present.length,
    pooledCer: pooled(
      sum((s) => s.cer.distance),
      sum((s) => s.cer.length)
    ),
    pooledWer: pooled(
      sum((s) => s.wer.distance),
      sum((s) => s.wer.length)
    )
  }
}

function means(entries: readonly EntryScore[], extractors: readonly string[]) {
  return Object.fromEntries(
    extractors.map((x) => [x, mean(entries.map((e) => e.scores[x] ?? null))])
  )
}

/** Scores Recto, MuPDF's drawing order and every candidate against each gold entry. */
export async function bakeOff(
  entries: readonly GoldEntry[],
  lookup: ExtractionLookup,
  candidates: readonly Candidate[]
): Promise<BakeOff> {
  const extractors = [RECTO, MUPDF_RAW, ...candidates.map((c) => c.name)]
  const scored: EntryScore[] = []
  const skipped: { entry: string; reason: string }[] = []
  for (const entry of entries) {
    let extraction: EntryExtraction
    try {
      extraction = await lookup(entry)
    } catch (error) {
      skipped.push({
        entry: entry.name,
        reason: messageOf(error)
      })
      continue
    }
    const scores: Record<string, Score | null> = {
      [RECTO]: score(entry.text, extraction.recto),
      [MUPDF_RAW]: score(entry.text, extraction.raw)
    }
    for (const candidate of candidates) {
      const text = await candidateText(candidate, entry.name)
      scores[candidate.name] = text === null ? null : score(entry.text, text)
    }
    scored.push({ entry: entry.name, from: extraction.from, flags: extraction.flags, scores })
  }
  const codes = [...new Set(scored.flatMap((e) => e.flags))].sort()
  const byFlag = Object.fromEntries(
    codes.map((code) => [
      code,
      means(
        scored.filter((e) => e.flags.includes(code)),
        extractors
      )
    ])
  )
  return { extractors, skipped, entries: scored, means: means(scored, extractors), byFlag }
}

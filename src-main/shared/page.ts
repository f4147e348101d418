import type { BlockRole } from './layout.js'
import type { Decision, Flag } from './flags.js'

/** What the engine concludes about one page; stored beside its layout, never recomputed by the UI. */
export type PageAnalysis = Readonly<{
  /** Every block id of the layout, in reading order (excluded blocks included, where they fall). */
  order: readonly number[]
  /** Role of each block, indexed by block id. */
  roles: readonly BlockRole[]
  /** Cleaned reading-order text: as drawn but for ligatures and presentation forms, excluded roles left out, blocks separated by blank lines. */
  text: string
  flags: readonly Flag[]
  decision: Decision
  /** 0 (unusable) to 1 (nothing suspicious). */
  quality: number
}>

export const PAGE_STATUSES = ['unreviewed', 'approved', 'corrected', 'rejected', 'ocr'] as const
export type PageStatus = (typeof PAGE_STATUSES)[number]

/** Degrees a reviewer turns a page clockwise before it is read by OCR again. */
export const TURNS = [0, 90, 180, 270] as const
export type Turn = (typeof TURNS)[number]

export const DOCUMENT_STATUSES = ['pending', 'ingesting', 'done', 'error'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

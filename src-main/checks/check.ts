import type { BlockRole, PageLayout } from '../shared/layout.js'
import type { Flag } from '../shared/flags.js'
import type { RunningText } from '../layout/boilerplate.js'

/** Facts about the whole document that a single page cannot know. */
export type DocumentStats = Readonly<{
  pageCount: number
  /** Median non-whitespace characters per page over the document's pages. */
  medianChars: number
  /** Running heads and feet repeated across the document's pages (the boilerplate pass). */
  running?: readonly RunningText[]
  /** The font size most of the document's characters are set in, which headings stand above. */
  bodySize?: number
  /**
   * The same over the pages OCR read whole, whose sizes come from glyph heights (a scale of their
   * own): their headings stand above this. Absent when no such page is known.
   */
  ocrBodySize?: number
}>

/** Everything a check may look at: the layout, the order and roles chosen for it, and its text. */
export type CheckInput = Readonly<{
  layout: PageLayout
  order: readonly number[]
  roles: readonly BlockRole[]
  /** Cleaned text (what `recto text` prints for the page). */
  text: string
  /** MuPDF's text in drawing order, before any clean-up. */
  rawText: string
  doc: DocumentStats
}>

/** A check is a pure function from one page to zero or more flags with evidence. */
export type Check = (page: CheckInput) => readonly Flag[]

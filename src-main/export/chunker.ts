import type { BlockRole } from '../shared/layout.js'
import { characterMeasure, type ChunkMeasure } from './chunk-measure.js'
import { sentences, wordPieces } from './chunk-split.js'
import type { TableRow } from './chunk-table-rows.js'
import type { ChunkPiece, ChunkUnit } from './chunk-units.js'
import { continues, joinUnits, piecesBetween, runsOnPast, unitParts } from './chunk-continuation.js'

/**
 * The default size target, in characters: about 500 tokens of English for the usual embedding
 * tokenizers (4 characters a token), inside every common embedding model's window. Characters,
 * not tokens: a count of characters is the same for every model and on every machine, where a
 * token count depends on the tokenizer a pipeline picks after the export.
 */
export const DEFAULT_CHUNK_SIZE = 2000

export type DraftChunk = Readonly<{
  index: number
  text: string
  headingPath: readonly string[]
  pieces: readonly ChunkPiece[]
  roles: readonly BlockRole[]
}>

type Part = Readonly<{
  text: string
  pieces: readonly ChunkPiece[]
  role: BlockRole
  joiner: string
}>

/**
 * Cuts one document's units into chunks. A heading always starts a chunk (a title directly
 * followed by a deeper heading shares it), and the chunk's heading path is the headings above
 * it (its own included). Within a section, whole units
 * (paragraphs, tables) fill a chunk up to the size target; a unit too long for a chunk of its
 * own is cut between sentences (between words only inside a sentence longer than a chunk), a
 * table only between rows, even when one row is longer than the target. A paragraph broken at a
 * page or column break is put back together first (chunk-continuation.ts). An aside (a side box)
 * is a chunk of its own, under the heading path where it stands, emitted after the chunk it
 * stands beside: it never joins its neighbours' text, and the paragraphs around it still join.
 */
export class Chunker {
  readonly #measure: ChunkMeasure
  readonly #overlap: number
  readonly #emit: (chunk: DraftChunk) => void
  #path: { level: number; text: string }[] = []
  #parts: Part[] = []
  #headingOnly = true
  #index = 0
  /** The overlap that opened the chunk under way, if any. */
  #carried: Part | null = null
  /** Asides met since the chunk under way began, each with the heading path where it stands. */
  #asides: { unit: ChunkUnit; path: string[] }[] = []

  /**
   * `measure` counts a chunk's size and bounds it (a number: that many characters); `overlap`
   * (in the same unit) repeats the last sentences of a chunk cut for size at the start of the
   * next one, within a section.
   */
  constructor(measure: ChunkMeasure | number, emit: (chunk: DraftChunk) => void, overlap = 0) {
    this.#measure = typeof measure === 'number' ? characterMeasure(measure) : measure
    this.#overlap = overlap
    this.#emit = emit
  }

  /**
   * A paragraph that runs on past its last word, held until the next unit says whether it goes
   * on there (at the top of the next page or column): the two are then one paragraph, so that no
   * chunk ends in the middle of its sentence.
   */
  #open: ChunkUnit | null = null

  add(unit: ChunkUnit): void {
    if (unit.role === 'aside') {
      this.#asides.push({ unit, path: this.#path.map((h) => h.text) })
      return
    }
    const open = this.#open
    this.#open = null
    if (open && continues(open, unit)) {
      this.add(joinUnits(open, unit))
      return
    }
    if (open) this.#place(open)
    if (runsOnPast(unit)) this.#open = unit
    else this.#place(unit)
  }

  #place(unit: ChunkUnit): void {
    const pieces = unitParts(unit).map(({ page, bbox }) => ({ page, bbox }))
    if (unit.heading > 0) {
      // A title straight above its first section heading stays with it: a chunk of a heading
      // alone says nothing. An empty section's heading before one of its own level does not.
      if (this.#carriedOnly()) this.#parts = []
      const deeper = this.#headingOnly && unit.heading > (this.#path.at(-1)?.level ?? 0)
      if (!deeper || this.#parts.length === 0) this.#flush()
      while ((this.#path.at(-1)?.level ?? 0) >= unit.heading) this.#path.pop()
      this.#path.push({ level: unit.heading, text: unit.text })
      this.#parts.push({ text: unit.text, pieces, role: unit.role, joiner: '\n\n' })
      return
    }
    const whole: Part = { text: unit.text, pieces, role: unit.role, joiner: '\n\n' }
    if (!this.#fits(whole) && !this.#headingOnly && !this.#carriedOnly()) this.#cut()
    if (!this.#fits(whole) && this.#carriedOnly()) this.#parts = []
    if (this.#fits(whole)) {
      this.#append(whole)
      return
    }
    const rowParts = (row: TableRow): Part[] => {
      const part = {
        text: row.text,
        pieces: [{ page: unit.page, bbox: row.bbox }],
        role: unit.role
      }
      // Only a tokenizer's limit is strict: a row longer than it is cut between words.
      if (!this.#strict || this.#measure.count(row.text) <= this.#measure.limit) {
        return [{ ...part, joiner: '\n' }]
      }
      return this.#pieces(row.text).map((text, k) => ({ ...part, text, joiner: k ? '' : '\n' }))
    }
    const atoms: Part[] = unit.rows ? unit.rows.flatMap(rowParts) : this.#atoms(unit)
    // A chunk that starts inside a table opens with its header rows, so that its figures keep
    // the labels that say what they are.
    const header = (unit.rows ?? []).filter((row) => row.header).flatMap(rowParts)
    atoms.forEach((atom, i) => {
      const part = i === 0 ? { ...atom, joiner: '\n\n' } : atom
      // A heading keeps its first piece of content even past a character target rather than
      // stand alone; a table row longer than it stands alone, whole.
      if (!this.#fits(part) && !this.#headingOnly && !this.#carriedOnly()) {
        this.#cut(unit.rows === null)
        if (i >= header.length) {
          header.forEach((row, k) => this.#append(k === 0 ? { ...row, joiner: '\n\n' } : row))
          if (!this.#fits(part)) this.#parts = []
        }
      }
      if (!this.#fits(part) && this.#carriedOnly()) this.#parts = []
      if (!this.#fits(part) && this.#strict && this.#parts.length > 0) this.#flush()
      this.#append(part)
    })
  }

  /** A paragraph's sentences (cut between words where too long), each where it is drawn. */
  #atoms(unit: ChunkUnit): Part[] {
    let at = 0
    return sentences(unit.text)
      .flatMap((sentence) => this.#pieces(sentence))
      .map((text) => {
        const from = at
        at += text.length
        return { text, pieces: piecesBetween(unit, from, at), role: unit.role, joiner: '' }
      })
  }

  /** A tokenizer's limit holds for every chunk; a character target may bend for a heading. */
  get #strict(): boolean {
    return this.#measure.unit !== 'characters'
  }

  /** A sentence cut between words into pieces no larger than a chunk. */
  #pieces(sentence: string): string[] {
    return wordPieces(sentence, this.#measure.limit, (t) => this.#measure.count(t))
  }

  /** The chunk under way holds nothing but the overlap carried from the one before. */
  #carriedOnly(): boolean {
    return this.#parts.length === 1 && this.#parts[0] === this.#carried
  }

  /** Emits the chunk under way, if any; call once after the document's last unit. */
  finish(): void {
    if (this.#open) this.#place(this.#open)
    this.#open = null
    this.#flush()
  }

  /** The parts' text; the first line keeps its indentation (a nested item's, a listing's). */
  #text(parts: readonly Part[]): string {
    return parts
      .map((p, i) => (i === 0 ? p.text : p.joiner + p.text))
      .join('')
      .trimEnd()
      .replace(/^\s*\n/u, '')
  }

  #fits(part: Part): boolean {
    return this.#measure.count(this.#text([...this.#parts, part])) <= this.#measure.limit
  }

  /**
   * Emits the chunk under way because the next piece does not fit, and opens the next chunk
   * with the overlap: the last sentences of this one that fit in it (none of a table's rows,
   * which repeat the header instead, and none where `withOverlap` is false).
   */
  #cut(withOverlap = true): void {
    const tail = withOverlap && this.#overlap > 0 ? this.#tail() : null
    this.#flush()
    if (tail) {
      this.#parts.push(tail)
      this.#carried = tail
    }
  }

  #tail(): Part | null {
    const last = this.#parts.at(-1)
    if (!last || last.joiner === '\n') return null
    const said = sentences(this.#text(this.#parts).split('\n\n').at(-1) ?? '')
    let text = ''
    for (let i = said.length - 1; i >= 0; i--) {
      const longer = said[i]! + text
      if (this.#measure.count(longer.trim()) > this.#overlap) break
      text = longer
    }
    // A last sentence longer than the overlap gives its last words instead.
    if (text === '' && said.length > 0) {
      const words = said.at(-1)!.match(/\S+\s*/gu) ?? []
      for (let i = words.length - 1; i >= 0; i--) {
        const longer = words[i]! + text
        if (this.#measure.count(longer.trim()) > this.#overlap) break
        text = longer
      }
    }
    return text.trim() === '' ? null : { ...last, text: text.trim(), joiner: '\n\n' }
  }

  #append(part: Part): void {
    if (part.text.trim() === '') return
    this.#parts.push(part)
    this.#headingOnly = false
  }

  #flush(): void {
    // An overlap with nothing after it (the section ended) repeats what was said: dropped.
    if (this.#carriedOnly()) this.#parts = []
    this.#carried = null
    const text = this.#text(this.#parts)
    if (text !== '') {
      this.#emit({
        index: this.#index++,
        text,
        headingPath: this.#path.map((h) => h.text),
        pieces: this.#parts.flatMap((p) => p.pieces),
        roles: [...new Set(this.#parts.map((p) => p.role))]
      })
    }
    this.#parts = []
    this.#headingOnly = true
    for (const aside of this.#asides.splice(0)) this.#emitAside(aside.unit, aside.path)
  }

  /** An aside as chunks of its own (cut like any paragraph where too long), under `path`. */
  #emitAside(unit: ChunkUnit, path: readonly string[]): void {
    const own = new Chunker(this.#measure, (chunk) =>
      this.#emit({ ...chunk, index: this.#index++, headingPath: path })
    )
    own.#place(unit)
    own.#flush()
  }
}

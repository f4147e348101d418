import type { BBox, BlockRole } from '../shared/layout.js'
import { charCount, sentences, wordPieces } from './chunk-split.js'
import type { TableRow } from './chunk-table-rows.js'
import type { ChunkUnit, UnitPage } from './chunk-units.js'

/**
 * The default size target, in characters: about 500 tokens of English for the usual embedding
 * tokenizers (4 characters a token), inside every common embedding model's window. Characters,
 * not tokens: a count of characters is the same for every model and on every machine, where a
 * token count depends on the tokenizer a pipeline picks after the export.
 */
export const DEFAULT_CHUNK_SIZE = 2000

/** What a chunk was made from: where each piece of its text is drawn. */
export type ChunkPiece = Readonly<{ page: UnitPage; bbox: BBox }>

export type DraftChunk = Readonly<{
  index: number
  text: string
  headingPath: readonly string[]
  pieces: readonly ChunkPiece[]
  roles: readonly BlockRole[]
}>

type Part = Readonly<{ text: string; piece: ChunkPiece; role: BlockRole; joiner: string }>

/**
 * Cuts one document's units into chunks. A heading always starts a chunk (a title directly
 * followed by a deeper heading shares it), and the chunk's heading path is the headings above
 * it (its own included). Within a section, whole units
 * (paragraphs, tables) fill a chunk up to the size target; a unit too long for a chunk of its
 * own is cut between sentences (between words only inside a sentence longer than a chunk), a
 * table only between rows, even when one row is longer than the target.
 */
export class Chunker {
  readonly #size: number
  readonly #emit: (chunk: DraftChunk) => void
  #path: { level: number; text: string }[] = []
  #parts: Part[] = []
  #headingOnly = true
  #index = 0

  constructor(size: number, emit: (chunk: DraftChunk) => void) {
    this.#size = size
    this.#emit = emit
  }

  add(unit: ChunkUnit): void {
    const piece = { page: unit.page, bbox: unit.bbox }
    if (unit.heading > 0) {
      // A title straight above its first section heading stays with it: a chunk of a heading
      // alone says nothing. An empty section's heading before one of its own level does not.
      const deeper = this.#headingOnly && unit.heading > (this.#path.at(-1)?.level ?? 0)
      if (!deeper || this.#parts.length === 0) this.#flush()
      while ((this.#path.at(-1)?.level ?? 0) >= unit.heading) this.#path.pop()
      this.#path.push({ level: unit.heading, text: unit.text })
      this.#parts.push({ text: unit.text, piece, role: unit.role, joiner: '\n\n' })
      return
    }
    const whole: Part = { text: unit.text, piece, role: unit.role, joiner: '\n\n' }
    if (!this.#fits(whole) && !this.#headingOnly) this.#flush()
    if (this.#fits(whole)) {
      this.#append(whole)
      return
    }
    const rowPart = (row: TableRow): Part => ({
      text: row.text,
      piece: { ...piece, bbox: row.bbox },
      role: unit.role,
      joiner: '\n'
    })
    const atoms: Part[] = unit.rows
      ? unit.rows.map(rowPart)
      : sentences(unit.text)
          .flatMap((sentence) => wordPieces(sentence, this.#size))
          .map((text) => ({ text, piece, role: unit.role, joiner: '' }))
    // A chunk that starts inside a table opens with its header rows, so that its figures keep
    // the labels that say what they are.
    const header = (unit.rows ?? []).filter((row) => row.header).map(rowPart)
    atoms.forEach((atom, i) => {
      const part = i === 0 ? { ...atom, joiner: '\n\n' } : atom
      // A heading keeps its first piece of content even past the target rather than stand alone;
      // a table row longer than the target stands alone, whole.
      if (!this.#fits(part) && !this.#headingOnly) {
        this.#flush()
        if (i >= header.length) {
          header.forEach((row, k) => this.#append(k === 0 ? { ...row, joiner: '\n\n' } : row))
        }
      }
      this.#append(part)
    })
  }

  /** Emits the chunk under way, if any; call once after the document's last unit. */
  finish(): void {
    this.#flush()
  }

  #text(parts: readonly Part[]): string {
    return parts
      .map((p, i) => (i === 0 ? p.text : p.joiner + p.text))
      .join('')
      .trim()
  }

  #fits(part: Part): boolean {
    return charCount(this.#text([...this.#parts, part])) <= this.#size
  }

  #append(part: Part): void {
    if (part.text.trim() === '') return
    this.#parts.push(part)
    this.#headingOnly = false
  }

  #flush(): void {
    const text = this.#text(this.#parts)
    if (text !== '') {
      this.#emit({
        index: this.#index++,
        text,
        headingPath: this.#path.map((h) => h.text),
        pieces: this.#parts.map((p) => p.piece),
        roles: [...new Set(this.#parts.map((p) => p.role))]
      })
    }
    this.#parts = []
    this.#headingOnly = true
  }
}

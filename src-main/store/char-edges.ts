/**
 * Edges are stored in hundredths of a point, as differences from the edge before: past this
 * bound (a glyph millions of points off the page) a span keeps its edges in the JSON instead.
 */
const LIMIT = 2 ** 29

/**
 * Writes the per-character x edges of a layout's spans (layout-codec.ts), one after another:
 * each as the zigzag varint of its difference, in hundredths, from the edge written before it.
 * Neighbouring glyphs share an edge, so most differences are 0 or a glyph's width: one or two
 * bytes where the JSON took six.
 */
export class EdgeWriter {
  #bytes = new Uint8Array(4096)
  #length = 0
  #last = 0

  /**
   * Appends `edges` when every one is a whole number of hundredths within LIMIT, as MuPDF's
   * rounded edges are; false (nothing written) otherwise, and the span keeps them in its JSON.
   */
  add(edges: readonly number[]): boolean {
    if (!Array.isArray(edges)) return false
    // Checked first and rounded again to write: a scratch array of the hundredths, emptied for
    // each span, was given a new backing store as it grew for every span.
    for (let i = 0; i < edges.length; i++) {
      const edge = edges[i]!
      const k = Math.round(edge * 100)
      if (!(k / 100 === edge && k < LIMIT && k > -LIMIT)) return false
    }
    for (let i = 0; i < edges.length; i++) {
      const k = Math.round(edges[i]! * 100)
      const difference = k - this.#last
      this.#last = k
      this.varint(((difference << 1) ^ (difference >> 31)) >>> 0)
    }
    return true
  }

  /** An unsigned integer below 2^31, seven bits a byte, low bits first. */
  varint(value: number): void {
    if (this.#length + 5 > this.#bytes.length) {
      const grown = new Uint8Array(this.#bytes.length * 2)
      grown.set(this.#bytes)
      this.#bytes = grown
    }
    let rest = value
    while (rest > 0x7f) {
      this.#bytes[this.#length++] = (rest & 0x7f) | 0x80
      rest >>>= 7
    }
    this.#bytes[this.#length++] = rest
  }

  bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.#length)
  }
}

/** Reads back what an EdgeWriter wrote; throws on bytes that end early or run on. */
export class EdgeReader {
  readonly #bytes: Uint8Array
  #last = 0
  offset = 0

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes
  }

  varint(): number {
    const bytes = this.#bytes
    let value = 0
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.offset >= bytes.length) throw new Error('stored layout is truncated')
      const byte = bytes[this.offset++]!
      value |= (byte & 0x7f) << shift
      if (byte < 0x80) return value >>> 0
    }
    throw new Error('stored layout is corrupt')
  }

  /** The next `count` edges, in points. */
  edges(count: number): number[] {
    // Pushed, not preallocated: an array made with holes stays marked as holey, which the code
    // reading edges would have to be optimised for anew.
    const edges: number[] = []
    for (let i = 0; i < count; i++) {
      const zigzag = this.varint()
      this.#last += (zigzag >>> 1) ^ -(zigzag & 1)
      edges.push(this.#last / 100)
    }
    return edges
  }

  /** Every byte was read. */
  finish(): void {
    if (this.offset !== this.#bytes.length) throw new Error('stored layout is corrupt')
  }
}

import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { BYTE_MUTATIONS } from './byte-mutations.js'
import { Random } from './random.js'
import { STRUCTURE_MUTATIONS, type StructureOptions } from './structure-mutations.js'

export type Mutant = Readonly<{
  index: number
  /** The corpus file it was made from. */
  source: string
  /** The mutations applied, in order. */
  mutations: readonly string[]
  bytes: Buffer
}>

const sourceCache = new Map<string, Buffer>()

function read(path: string): Buffer {
  let bytes = sourceCache.get(path)
  if (!bytes) {
    bytes = readFileSync(path)
    sourceCache.set(path, bytes)
  }
  return bytes
}

function structured(
  rng: Random,
  bytes: Buffer,
  options: StructureOptions
): { name: string; bytes: Buffer } | null {
  const mutation = rng.pick(STRUCTURE_MUTATIONS)
  let pdf: mupdf.PDFDocument | null = null
  try {
    pdf = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()
    if (!pdf || pdf.needsPassword() || pdf.countPages() === 0) return null
    mutation.apply(rng, pdf, options)
    return { name: mutation.name, bytes: Buffer.from(pdf.saveToBuffer('').asUint8Array()) }
  } catch {
    // A source MuPDF cannot edit this way gets a byte mutation instead.
    return null
  } finally {
    pdf?.destroy()
  }
}

/**
 * Mutant `index` of a run: a corpus file and one or two mutations, all chosen by a generator
 * seeded with (seed, index), so `mutant(seed, index, sources)` is the same file every time.
 */
export function mutant(
  seed: number,
  index: number,
  sources: readonly string[],
  options: StructureOptions
): Mutant {
  const rng = Random.forMutation(seed, index)
  const source = rng.pick(sources)
  let bytes: Buffer = read(source)
  const mutations: string[] = []
  if (rng.int(3) === 0) {
    const done = structured(rng, bytes, options)
    if (done) {
      bytes = done.bytes
      mutations.push(done.name)
    }
  }
  const rounds = mutations.length === 0 || rng.int(4) === 0 ? rng.between(1, 2) : 0
  for (let r = 0; r < rounds; r++) {
    const mutation = rng.pick(BYTE_MUTATIONS)
    const next = mutation.apply(rng, bytes)
    if (next) {
      bytes = next
      mutations.push(mutation.name)
    }
  }
  return { index, source: basename(source), mutations, bytes }
}

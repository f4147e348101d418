import type { AnalyzedPage } from '../analysis/analyze-document.js'
import type { PdfFile } from '../extract/open.js'
import { fontDicts, namesFont, type FontDict } from '../repair/font-programs.js'
import { layersToRead, sampleLayerLines, TRUSTED_AFTER_PAGES } from './layer-lines.js'
import { drawLineCrop } from './draw-line-crop.js'
import { lineKey, type LineCrop } from './line-crop.js'
import { programConfirms, programWitness } from './program-witness.js'
import { sampleLines, type SampleLine } from './sample-lines.js'
import { layoutsToVerify, suspectFonts, type SuspectReason } from './suspect-fonts.js'

/**
 * A doubted font as verification settles it: by its program (two names of one program share
 * the verdict), and whether that program's own tables vouch for its map (program-witness.ts).
 */
export type FontVerdictSource = Readonly<{ program: string; settled: boolean }>

/**
 * What an ingest worker, which has MuPDF loaded and the document in hand, prepares for the
 * document's read-back, so the main thread only runs OCR: each doubted font's program and the
 * crops of the lines verification will read (those of its first TRUSTED_AFTER_PAGES layer pages
 * at most: a misread layer read to its last page has the rest drawn then). `reader` says which
 * recogniser a crop is for (a font's doubt, or a layer), so that one starts with the crops.
 */
export type ReadBackPlan = Readonly<{
  fonts: readonly (readonly [font: string, source: FontVerdictSource])[]
  crops: readonly Readonly<{ key: string; reader: LineReader; crop: LineCrop }>[]
}>

/**
 * Doubts a font program's own tables settle (program-witness.ts): Arabic script and repaired
 * maps are doubted for want of a judge, which the program is. A font doubted for odd letters is
 * not: its text already looks wrong, and a program whose cmap itself lies (a font made so that
 * copied text is nonsense) agrees with the map made from it; only the shapes tell.
 */
const SETTLED_BY_PROGRAM: ReadonlySet<SuspectReason> = new Set(['arabic', 'repaired'])

/** Where a doubted font's verdict comes from, among the file's font dictionaries. */
export function fontVerdictSource(
  dicts: readonly FontDict[],
  font: string,
  reason: SuspectReason
): FontVerdictSource {
  const dict = dicts.find((candidate) => namesFont(font, candidate))
  if (dict === undefined) return { program: `name:${font}`, settled: false }
  const witness = SETTLED_BY_PROGRAM.has(reason) ? programWitness(dict) : null
  return { program: dict.program.id, settled: witness !== null && programConfirms(witness) }
}

/** Which recogniser reads a prepared line: a doubted font's (by its doubt), or the layer's. */
export type LineReader = SuspectReason | 'layer'

/**
 * The read-back of a document's analysed pages, prepared in the open `file`: the same fonts,
 * programs and lines verify/glyph-shapes.ts would take, in its order. `reading` hears which
 * recognisers the lines need before they are drawn (0.7 s for a 300 dpi scan's first), so they
 * can start meanwhile.
 */
export function planReadBack(
  file: PdfFile,
  pages: readonly AnalyzedPage[],
  reading: (readers: ReadonlySet<LineReader>) => void = () => undefined
): ReadBackPlan {
  const layouts = layoutsToVerify(pages)
  const suspects = suspectFonts(layouts)
  const dicts = suspects.size > 0 ? fontDicts(file.pdf) : []
  const fonts: [string, FontVerdictSource][] = []
  const lines: { line: SampleLine; reader: LineReader }[] = []
  const decided = new Set<string>()
  for (const [font, reason] of suspects) {
    const source = fontVerdictSource(dicts, font, reason)
    fonts.push([font, source])
    if (decided.has(source.program)) continue
    decided.add(source.program)
    if (source.settled) continue
    for (const line of sampleLines(layouts, font)) lines.push({ line, reader: reason })
  }
  for (const layout of layersToRead(pages).slice(0, TRUSTED_AFTER_PAGES)) {
    for (const line of sampleLayerLines(layout)) lines.push({ line, reader: 'layer' })
  }
  if (lines.length > 0) reading(new Set(lines.map(({ reader }) => reader)))
  const crops = lines.map(({ line, reader }) => ({
    key: lineKey(line),
    reader,
    crop: drawLineCrop(file, line)
  }))
  return { fonts, crops }
}

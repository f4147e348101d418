import type { PageLayout } from '../shared/layout.js'
import { damagedLayout, silentDamage } from './damaged-page.js'
import { ExtractError, isOutOfMemory, mupdfMessage } from './errors.js'
import { pageFrame, type Matrix } from './geometry.js'
import { mupdf, takeMupdfMessages } from './mupdf.js'
import type { PdfFile } from './open.js'
import { overdrawOf } from './overdraw.js'
import { splitAtBlankRows } from './blank-rows.js'
import { splitBlockColumns } from './block-columns.js'
import { joinAroundInsetBoxes } from './inset-boxes.js'
import { cutAtGutters } from './gutter-cuts.js'
import { takeOutSideBoxes, withSideBoxes } from './side-boxes.js'
import { takeOutSideNotes } from './side-notes.js'
import { splitAtParagraphStarts } from './paragraph-starts.js'
import { splitSizeJoins } from './size-joins.js'
import { splitStraddlingBlocks } from './straddling-blocks.js'
import { splitHeadingRows } from './heading-rows.js'
import { joinTurnedBoxLines } from './turned-boxes.js'
import { mergeParagraphs } from './paragraphs.js'
import { mergeVerticalColumns } from './vertical-columns.js'
import { mergeVerticalParagraphs } from './vertical-paragraphs.js'
import { glyphKey, unmappedCodes } from './glyph-codes.js'
import { pageResources, type PageResources } from './resources.js'
import { rotationOf } from './rotation.js'
import { readStext, type UnmappedGlyph } from './stext.js'
import { structureOrder, threadOrder } from './structure.js'
import { fitTouchingPieces } from './touching-pieces.js'
import { joinWordPieces } from './word-pieces.js'

/**
 * Not `preserve-spans`: it cuts a line at every font change ("Andreas Gal" / "∗" / ", Brendan"),
 * while spans are rebuilt here from each character's font. Ligatures stay single characters so
 * the `ligatures` check can see them; NFKC happens in the text stage.
 */
export const STEXT_OPTIONS = 'preserve-whitespace,preserve-ligatures,preserve-images'

/**
 * The glyphs MuPDF read as U+FFFD, looked up by their character codes in their fonts' glyph
 * names; the page is read a second time for the codes only when it has such a glyph.
 */
function unmappedGlyphs(page: mupdf.PDFPage, resources: PageResources): UnmappedGlyph {
  let codes: Map<string, number> | undefined
  return (font, x, y) => {
    // Most U+FFFD come from fonts without such names (opaque ones, Identity-H without a map):
    // only a font that has them is worth the second reading.
    if (!resources.namesGlyphs(font)) return undefined
    codes ??= unmappedCodes(page, STEXT_OPTIONS)
    const code = codes.get(glyphKey(font, x, y))
    return code === undefined ? undefined : resources.glyphText(font, code)
  }
}

/**
 * One page's layout: blocks (MuPDF's, with paragraphs it cut apart merged and those it ran
 * together across an empty line parted), lines and spans in drawing order, images and fonts.
 * A page MuPDF fails on, or reads as nothing while reporting errors, gives an empty layout whose
 * `damage` says why; only running out of memory, or MuPDF trapping, fails the document, since
 * MuPDF's heap is then spent for every page after it.
 */
export function extractPage(file: PdfFile, pageIndex: number): PageLayout {
  return readPage(file, pageIndex, true)
}

/**
 * A page's layout as far as the document pass reads it (analysis/page-digest.ts): its blocks,
 * size and damage as `extractPage` makes them, without the overdrawn glyphs and the structure
 * and thread order, whose second reading of the page's content is a seventh of extraction on
 * the corpus. `recto text` streams with it: the document's facts first, then each page.
 */
export function extractDigestLayout(file: PdfFile, pageIndex: number): PageLayout {
  return readPage(file, pageIndex, false)
}

function readPage(file: PdfFile, pageIndex: number, whole: boolean): PageLayout {
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= file.pageCount) {
    throw new RangeError(`page index ${pageIndex} outside 0..${file.pageCount - 1}`)
  }
  let page: mupdf.PDFPage | undefined
  let stext: mupdf.StructuredText | undefined
  try {
    page = file.pdf.loadPage(pageIndex)
    const frame = pageFrame(page.getTransform() as unknown as Matrix, page.getBounds())
    // Only what MuPDF says while it interprets this page's content is about the page: earlier
    // messages belong to the opening or to other pages, later ones to Recto's own passes.
    takeMupdfMessages()
    stext = page.toStructuredText(STEXT_OPTIONS)
    const complaints = takeMupdfMessages()
    const resources = pageResources(file, page)
    const content = readStext(stext.pointer, frame, unmappedGlyphs(page, resources))
    const silent = silentDamage(content, complaints)
    if (silent !== null) return damagedLayout(pageIndex, page, silent)
    const sides = takeOutSideBoxes(
      fitTouchingPieces(splitSizeJoins(joinWordPieces(content.blocks)))
    )
    const { text, boxes: notes } = takeOutSideNotes(sides.text)
    const boxes = [...sides.boxes, ...notes]
    const blocks = joinAroundInsetBoxes(
      splitAtBlankRows(
        splitAtParagraphStarts(
          mergeParagraphs(
            joinTurnedBoxLines(
              mergeVerticalParagraphs(
                mergeVerticalColumns(
                  withSideBoxes(
                    splitHeadingRows(splitStraddlingBlocks(splitBlockColumns(cutAtGutters(text)))),
                    boxes
                  )
                )
              )
            )
          )
        )
      )
    )
    return {
      page: pageIndex + 1,
      width: frame.width,
      height: frame.height,
      rotation: rotationOf(page),
      blocks,
      images: content.images,
      fonts: resources.fonts,
      invisibleChars: content.invisibleChars,
      coveredChars: content.coveredChars,
      formXObjectsWithText: resources.formXObjectsWithText,
      overdraw: whole ? overdrawOf(file, page, resources) : null,
      structureOrder: whole
        ? (structureOrder(file, page, frame, blocks) ?? threadOrder(file, page, frame, blocks))
        : null,
      damage: null
    }
  } catch (error) {
    if (error instanceof ExtractError) throw error
    // A trap (an access out of bounds) leaves MuPDF's heap in no state to read further pages.
    if (error instanceof WebAssembly.RuntimeError) {
      throw new ExtractError(`MuPDF crashed on page ${pageIndex + 1} (${mupdfMessage(error)})`, {
        cause: error
      })
    }
    if (isOutOfMemory(error)) {
      throw new ExtractError(`page ${pageIndex + 1} ran out of memory (${mupdfMessage(error)})`, {
        cause: error
      })
    }
    return damagedLayout(pageIndex, page, mupdfMessage(error))
  } finally {
    stext?.destroy()
    page?.destroy()
  }
}

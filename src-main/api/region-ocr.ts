import { existsSync } from 'node:fs'
import { lazyThread } from '../ocr/lazy-thread.js'
import { ocrRegionText } from '../ocr/region-text.js'
import { languageOfText } from '../language/text-language.js'
import type { BBox, PageLayout } from '../shared/layout.js'
import { documentPaths } from '../store/documents.js'
import type { Context } from './context.js'

function overlaps(a: BBox, b: BBox): boolean {
  return a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1]
}

function holdsLine(layout: PageLayout, [x0, y0, x1, y1]: BBox): boolean {
  return layout.blocks.some((block) =>
    block.lines.some((line) => {
      const x = (line.bbox[0] + line.bbox[2]) / 2
      const y = (line.bbox[1] + line.bbox[3]) / 2
      return x >= x0 && x <= x1 && y >= y0 && y <= y1
    })
  )
}

/**
 * The text of a region a reviewer draws, read by OCR where the text layer has no line in it and
 * a picture lies under it (a figure's labels, a pasted-in scan); null where the text layer has
 * lines there (the region takes those) or there is no picture to read. OCR runs behind the
 * review, on a thread started for the region, in the language of the page's own text.
 */
export async function regionTextByOcr(
  ctx: Context,
  documentId: number,
  layout: PageLayout,
  pageText: string,
  bbox: BBox
): Promise<string | null> {
  if (holdsLine(layout, bbox) || !layout.images.some((image) => overlaps(image.bbox, bbox))) {
    return null
  }
  const file = documentPaths(ctx.db, documentId).find((path) => existsSync(path))
  if (file === undefined) return null
  const thread = lazyThread(null, true)
  try {
    const text = await ocrRegionText(
      thread.get,
      file,
      layout,
      bbox,
      languageOfText(pageText),
      ctx.passwords.list()
    )
    return text === '' ? null : text
  } finally {
    await thread.close()
  }
}

import type { PageOutline } from '../shared/contract.js'
import type { PageLayout } from '../shared/layout.js'

/** The part of a page's layout the review screen draws (contract.ts). */
export function pageOutline(layout: PageLayout): PageOutline {
  return {
    width: layout.width,
    height: layout.height,
    rotation: layout.rotation,
    blocks: layout.blocks.map((block) => ({
      id: block.id,
      bbox: [...block.bbox],
      ...(block.source ? { source: block.source } : {})
    })),
    ...(layout.ocr ? { ocr: layout.ocr } : {})
  }
}

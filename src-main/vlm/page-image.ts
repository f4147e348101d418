import { closePdf, openPdf } from '../extract/open.js'
import { renderRegion } from '../ocr/region-image.js'
import type { VlmConfig } from './config.js'

/**
 * The page as a reader sees it (turned by /Rotate), in grey, as the model is sent it: at the
 * config's dpi, or smaller where its longer side would pass `maxSide` pixels (what servers cut
 * images to anyway, and what the tokens are billed by).
 */
export function pageImage(
  bytes: Uint8Array,
  pageNo: number,
  config: Pick<VlmConfig, 'dpi' | 'maxSide'>,
  passwords: readonly string[] = []
): Uint8Array {
  const file = openPdf(bytes, passwords)
  try {
    const page = file.pdf.loadPage(pageNo - 1)
    try {
      const bounds = page.getBounds()
      const longest = Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1])
      const scale = Math.min(config.dpi / 72, config.maxSide / longest)
      return renderRegion(page, bounds, scale).png
    } finally {
      page.destroy()
    }
  } finally {
    closePdf(file)
  }
}

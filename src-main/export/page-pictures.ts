import { captionTarget } from '../layout/captions.js'
import type { BBox, ImageBox } from '../shared/layout.js'
import type { PageView } from './page-view.js'

/** An image smaller than this (points, either side) is a rule, a bullet or a logo's speck. */
const MIN_SIDE = 16

/** An image over this share of the page is its scan or its background, not a picture on it. */
const MAX_SHARE = 0.9

/** A picture of the page: an image area, with the caption that stands at it where there is one. */
export type PagePicture = Readonly<{
  bbox: BBox
  /** The image's own size in pixels. */
  width: number
  height: number
  caption: Readonly<{ block: number; text: string }> | null
}>

function isPicture(image: ImageBox, view: PageView): boolean {
  const [x0, y0, x1, y1] = image.bbox
  const share = ((x1 - x0) * (y1 - y0)) / (view.layout.width * view.layout.height)
  return x1 - x0 >= MIN_SIDE && y1 - y0 >= MIN_SIDE && share <= MAX_SHARE
}

/** The page's pictures in drawing order, each with the caption block kept at it. */
export function pagePictures(view: PageView): PagePicture[] {
  const captions = view.blocks.filter((b) => b.role === 'caption' && !b.excluded)
  return view.layout.images
    .filter((image) => isPicture(image, view))
    .map((image) => {
      const caption = captions.find((b) => {
        const target = captionTarget(view.layout, b.block, [])
        return target?.kind === 'picture' && target.bbox.every((v, i) => v === image.bbox[i])
      })
      return {
        bbox: image.bbox,
        width: image.width,
        height: image.height,
        caption: caption ? { block: caption.block.id, text: caption.text } : null
      }
    })
}

import type { Block, ImageBox, PageLayout } from '../shared/layout.js'
import { pageFrame, type Matrix } from './geometry.js'
import type { mupdf } from './mupdf.js'
import { rotationOf } from './rotation.js'

type PageBox = Readonly<{ width: number; height: number; rotation: number }>

/**
 * MuPDF's own size for a page whose /MediaBox it cannot use (US Letter, as in pdf_bound_page):
 * a page MuPDF could not even load has no box of its own, and the viewer still needs one.
 */
const DEFAULT_BOX: PageBox = { width: 612, height: 792, rotation: 0 }

function boxOf(page: mupdf.PDFPage | undefined): PageBox {
  if (!page) return DEFAULT_BOX
  try {
    const { width, height } = pageFrame(page.getTransform() as unknown as Matrix, page.getBounds())
    return { width, height, rotation: rotationOf(page) }
  } catch {
    return DEFAULT_BOX
  }
}

/**
 * The layout of a page MuPDF failed on: nothing read from it, its size and rotation kept when
 * MuPDF still gives them, and `damage` saying why, so the page stays in its document (the
 * damaged_page check flags it) instead of failing the whole file.
 */
export function damagedLayout(
  pageIndex: number,
  page: mupdf.PDFPage | undefined,
  damage: string
): PageLayout {
  return {
    page: pageIndex + 1,
    ...boxOf(page),
    blocks: [],
    images: [],
    fonts: [],
    invisibleChars: 0,
    coveredChars: 0,
    formXObjectsWithText: 0,
    overdraw: null,
    structureOrder: null,
    damage
  }
}

/**
 * Why a page that read as nothing at all is damaged rather than blank, else null: MuPDF reported
 * errors while it interpreted the page's content (a stream that does not inflate, an object it
 * could not load) and went on without what it could not read, throwing nothing. A blank page
 * reads without a word from MuPDF; a page with anything left on it is left to the checks.
 * MuPDF holds back a warning identical to the one before it (mupdf.js exposes no way to reset
 * that), so of consecutive pages lost to one same lone warning only the first is caught here.
 */
export function silentDamage(
  content: Readonly<{ blocks: readonly Block[]; images: readonly ImageBox[] }>,
  messages: readonly string[]
): string | null {
  if (content.blocks.length > 0 || content.images.length > 0) return null
  // MuPDF folds a run of one message into "... repeated 3 times...", which says nothing alone.
  return messages.find((m) => !REPEATED.test(m)) ?? null
}

const REPEATED = /^\.\.\. repeated \d+ times/

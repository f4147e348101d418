import type { BBox } from '../shared/layout.js'
import { isSpaceUnit } from '../shared/whitespace.js'
import { transformRect, type PageFrame } from './geometry.js'
import { wasm } from './mupdf.js'
import { CHAR_C, CHAR_NEXT } from './stext-char.js'

export type TaggedLine = Readonly<{
  box: BBox
  /** UTF-16 units of the line's text other than whitespace (/\s/). */
  chars: number
  /** Inside an element that means something (P, H1, LI, TD …), not only grouping ones. */
  meaningful: boolean
}>

/**
 * Grouping elements say nothing about reading order by themselves: a producer that wraps the
 * whole page in Document/Div/NonStruct (a PDF printer's default) has tagged nothing.
 */
const GROUPING = new Set(['Document', 'Part', 'Art', 'Sect', 'Div', 'NonStruct', 'Private'])

/**
 * fz_stext_block and fz_stext_struct as mupdf 1.28 lays them out (structured-text.h; pinned), in
 * 4-byte words: a block's union starts at word 6, where a structure block keeps its `down`
 * pointer; a structure's first block is its word 2 and its raw tag name starts at byte 20.
 * Checked against MuPDF's own JSON of every tagged page of the corpus (14,708 lines).
 */
const TEXT_BLOCK = 0
const STRUCT_BLOCK = 2
const BLOCK_DOWN = 6
const STRUCT_FIRST_BLOCK = 2
const STRUCT_RAW_BYTE = 20

/** What `text.replace(/\s/g, '').length` gives for the line's characters. */
function nonSpaceUnits(line: number): number {
  let units = 0
  const words = wasm.HEAPU32
  for (
    let ch = wasm._wasm_stext_line_get_first_char(line);
    ch !== 0;
    ch = words[(ch >> 2) + CHAR_NEXT] ?? 0
  ) {
    // The int field read as signed.
    const c = (words[(ch >> 2) + CHAR_C] ?? 0) | 0
    if (!isSpaceUnit(c)) units += c > 0xffff && c <= 0x10ffff ? 2 : 1
  }
  return units
}

/**
 * A line's box as MuPDF's JSON gives it (whole points: the corner and the size truncated, the
 * size computed in single precision), so the order found is the one the JSON reading found.
 */
function jsonBox(line: number): BBox {
  const at = wasm._wasm_stext_line_get_bbox(line) >> 2
  const heap = wasm.HEAPF32
  const x0 = heap[at] ?? 0
  const y0 = heap[at + 1] ?? 0
  const x = Math.trunc(x0)
  const y = Math.trunc(y0)
  const w = Math.trunc(Math.fround((heap[at + 2] ?? 0) - x0))
  const h = Math.trunc(Math.fround((heap[at + 3] ?? 0) - y0))
  return [x, y, x + w, y + h]
}

/**
 * The text lines of a `structured` reading, in structure-tree order, mapped into the unrotated
 * page. Lines outside every element (artifacts, untagged content) are left out. Walked through
 * the raw nodes: printing the page as JSON and parsing it back cost a third of the pass.
 */
export function taggedLines(stextPointer: number, frame: PageFrame): TaggedLine[] {
  const lines: TaggedLine[] = []
  const walk = (first: number, meaningful: boolean, inTree: boolean): void => {
    for (let block = first; block !== 0; block = wasm._wasm_stext_block_get_next(block)) {
      const type = wasm._wasm_stext_block_get_type(block)
      if (type === STRUCT_BLOCK) {
        const down = wasm.HEAP32[(block >> 2) + BLOCK_DOWN] ?? 0
        if (down === 0) continue
        const raw = wasm.UTF8ToString(down + STRUCT_RAW_BYTE)
        const firstChild = wasm.HEAP32[(down >> 2) + STRUCT_FIRST_BLOCK] ?? 0
        walk(firstChild, meaningful || !GROUPING.has(raw), true)
      } else if (type === TEXT_BLOCK && inTree) {
        for (
          let line = wasm._wasm_stext_block_get_first_line(block);
          line !== 0;
          line = wasm._wasm_stext_line_get_next(line)
        ) {
          const box = transformRect(frame.toPage, jsonBox(line))
          lines.push({ box, chars: nonSpaceUnits(line), meaningful })
        }
      }
    }
  }
  walk(wasm._wasm_stext_page_get_first_block(stextPointer), false, false)
  return lines
}

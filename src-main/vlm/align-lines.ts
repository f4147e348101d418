import type { BBox } from '../shared/layout.js'

/** A line OCR found on the page: its box in layout points and what OCR read there. */
export type OcrLine = Readonly<{ bbox: BBox; text: string; dir: readonly [number, number] }>

/**
 * Where each of the model's lines stands on the page: the OCR line it was matched to (by its
 * text, or by its place between two lines matched by text where the counts agree), else a box
 * of its own in the space the lines around it leave (`placed`).
 */
export type LinePlace = Readonly<{
  bbox: BBox
  ocr: number | null
  how: 'text' | 'order' | 'placed'
}>

/** Character bigrams of a line, letters and digits only, case folded. */
function bigrams(text: string): Map<string, number> {
  const letters = [
    ...text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]/gu, '')
  ]
  const grams = new Map<string, number>()
  for (let i = 0; i + 1 < letters.length; i++) {
    const gram = letters[i]! + letters[i + 1]!
    grams.set(gram, (grams.get(gram) ?? 0) + 1)
  }
  if (letters.length === 1) grams.set(letters[0]!, 1)
  return grams
}

/** Dice's coefficient of two lines' bigrams: 1 for the same letters, 0 for none in common. */
function similarity(a: Map<string, number>, b: Map<string, number>): number {
  let size = 0
  let shared = 0
  for (const n of a.values()) size += n
  for (const [gram, n] of b) {
    size += n
    shared += Math.min(n, a.get(gram) ?? 0)
  }
  return size === 0 ? 0 : (2 * shared) / size
}

/**
 * Below this, two lines are not the same line read twice: OCR's reading of a clean line shares
 * most of its bigrams with the model's; of a hard one (handwriting) few, and order takes over.
 */
const SAME_LINE = 0.35

/**
 * The best one-to-one matching in order of the model's lines to OCR's (an alignment maximising
 * the summed similarity of matched pairs, each at least SAME_LINE): index of the OCR line per
 * model line, or -1.
 */
function matchByText(model: readonly string[], ocr: readonly OcrLine[]): number[] {
  const a = model.map(bigrams)
  const b = ocr.map((line) => bigrams(line.text))
  const n = a.length
  const m = b.length
  const score = Array.from({ length: n + 1 }, () => new Float64Array(m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const s = similarity(a[i]!, b[j]!)
      const pair = s >= SAME_LINE ? s + score[i + 1]![j + 1]! : -Infinity
      score[i]![j] = Math.max(pair, score[i + 1]![j]!, score[i]![j + 1]!)
    }
  }
  const matched = new Array<number>(n).fill(-1)
  let i = 0
  let j = 0
  while (i < n && j < m) {
    const s = similarity(a[i]!, b[j]!)
    if (s >= SAME_LINE && Math.abs(score[i]![j]! - (s + score[i + 1]![j + 1]!)) < 1e-9) {
      matched[i++] = j++
    } else if (score[i]![j] === score[i + 1]![j]) i++
    else j++
  }
  return matched
}

function union(boxes: readonly BBox[]): BBox {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3]))
  ]
}

/**
 * Lays the model's lines over OCR's. Lines matched by text take their OCR line's box. Between
 * two such anchors (or the page's ends), unmatched model lines take the unmatched OCR lines of
 * the same stretch one by one where both count the same (handwriting OCR misreads but finds);
 * otherwise they stand one under another from the top of that stretch, `pitch` apart or closer
 * where the stretch is too short for that, across the width of the OCR lines in it or of `area`
 * (the page's text area) when it has none.
 */
export function alignLines(
  model: readonly string[],
  ocr: readonly OcrLine[],
  area: BBox,
  pitch = Infinity
): LinePlace[] {
  const matched = matchByText(model, ocr)
  const places: LinePlace[] = matched.map((j) =>
    j >= 0 ? { bbox: ocr[j]!.bbox, ocr: j, how: 'text' } : { bbox: area, ocr: null, how: 'placed' }
  )
  let start = 0
  while (start < model.length) {
    if (matched[start]! >= 0) {
      start++
      continue
    }
    let end = start
    while (end < model.length && matched[end]! < 0) end++
    const before = start > 0 ? matched[start - 1]! : -1
    const after = end < model.length ? matched[end]! : ocr.length
    const free = ocr.slice(before + 1, after)
    if (free.length === end - start) {
      free.forEach(
        (line, k) => (places[start + k] = { bbox: line.bbox, ocr: before + 1 + k, how: 'order' })
      )
    } else {
      const top = before >= 0 ? ocr[before]!.bbox[3] : area[1]
      const bottom = after < ocr.length ? ocr[after]!.bbox[1] : area[3]
      const across = free.length > 0 ? union(free.map((line) => line.bbox)) : area
      const step = Math.min(Math.max(bottom - top, 0) / (end - start), pitch)
      for (let k = start; k < end; k++) {
        const y0 = top + (k - start) * step
        places[k] = { bbox: [across[0], y0, across[2], y0 + step], ocr: null, how: 'placed' }
      }
    }
    start = end
  }
  return places
}

import { MARK_ALONE } from '../shared/list-marker.js'
import { isProse } from '../shared/prose.js'
import { sameRow, type ReadLine } from './read-lines.js'

/** Whether line `k` of `lines` is a list's marker with its item's words next on its row. */
export function markerOf(lines: readonly ReadLine[], k: number): boolean {
  const [marker, item] = [lines[k]!, lines[k + 1]]
  return (
    MARK_ALONE.test(marker.text) &&
    item !== undefined &&
    isProse(item.text) &&
    sameRow(marker.bbox, item.bbox) &&
    marker.bbox[2] <= item.bbox[0]
  )
}

/** Marks read one after another, at least, before they are a list's column read apart. */
const MIN_MARKS = 3

/** Ems between a mark and its item's first letter, at most. */
const ITEM_GAP = 2

/** Whether words stand on the mark's row right after it: its item, wherever it is read. */
const hasItem = (mark: ReadLine, lines: readonly ReadLine[]): boolean =>
  lines.some(
    (l) =>
      l !== mark &&
      sameRow(l.bbox, mark.bbox) &&
      l.bbox[0] >= mark.bbox[2] &&
      l.bbox[0] - mark.bbox[2] <= mark.size * ITEM_GAP &&
      /\p{L}{2}/u.test(l.text)
  )

/**
 * A list's marks read apart from their items: MIN_MARKS marks alone ("-", "•", "2.") one after
 * another in the page's text, each with its item's words on its row right after it (within
 * ITEM_GAP ems), but read elsewhere. A list read as drawn gives each mark its item after it;
 * marks read together mean the list's column of marks was cut from its column of items (a
 * monospaced dash and its space leave a band as wide as a gutter), and every item is read without
 * its mark. A plot's points and a diagram's dots have no words beside them. Each run of such marks
 * is returned.
 */
export function marksApart(lines: readonly ReadLine[]): ReadLine[][] {
  const runs: ReadLine[][] = []
  let run: ReadLine[] = []
  lines.forEach((line, k) => {
    if (!line.table && MARK_ALONE.test(line.text) && !markerOf(lines, k) && hasItem(line, lines)) {
      run.push(line)
      return
    }
    if (run.length >= MIN_MARKS) runs.push(run)
    run = []
  })
  if (run.length >= MIN_MARKS) runs.push(run)
  return runs
}

import { describe, expect, it } from 'vitest'
import { marksApart } from '../../src-main/checks/list-marks.js'
import { readLines } from '../../src-main/checks/read-lines.js'
import type { BBox, Block } from '../../src-main/shared/layout.js'
import { blockOf, readInOrder } from '../helpers/check-input.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { variedPrintedLeaflet } from '../helpers/varied-leaflets.js'

const ITEMS = [
  'Garden: late on Friday',
  'Village: since the flood',
  'Market: before the war',
  'Hospital: in the long winter'
]

/** A block of `lines`, each its text and box, in 8.5 pt type. */
const block = (id: number, lines: ReadonlyArray<readonly [string, BBox]>): Block =>
  blockOf(
    id,
    lines.map(([text, box]) => [text, box, 8.5] as const)
  )

const marks = (id: number, mark: (i: number) => string): Block =>
  block(
    id,
    ITEMS.map((_, i) => [mark(i), [536, 229 + 12 * i, 541, 239 + 12 * i]])
  )
const items = (id: number): Block =>
  block(
    id,
    ITEMS.map((text, i) => [text, [548, 229 + 12 * i, 700, 239 + 12 * i]])
  )

describe('marksApart', () => {
  it("finds a list's dashes read as a column of their own, before their items", () => {
    // Printed leaflet 3733 as it was read: "- -  -  -  Garden: late on Friday Village: …".
    const input = readInOrder([marks(0, () => '-'), items(1)])
    const runs = marksApart(readLines(input))
    expect(runs.map((run) => run.map((l) => l.text))).toEqual([['-', '-', '-', '-']])
  })

  it('finds numbers read apart from their items, after them', () => {
    const input = readInOrder([items(0), marks(1, (i) => `${i + 1}.`)])
    expect(marksApart(readLines(input))).toHaveLength(1)
  })

  it('passes a list whose marks are each read with their item on its row', () => {
    const both = block(
      0,
      [...marks(0, () => '-').lines, ...items(1).lines].map((l) => [
        l.spans.map((s) => s.text).join(''),
        l.bbox
      ])
    )
    expect(marksApart(readLines(readInOrder([both])))).toEqual([])
  })

  it("passes a plot's points read one after another, no words beside them", () => {
    // GeoTopo page 56 draws a lattice of asterisks, its axes numbered "0 1 2 3".
    const points = block(
      0,
      Array.from({ length: 6 }, (_, i): readonly [string, BBox] => [
        '*',
        [100 + 20 * i, 300, 105 + 20 * i, 308]
      ])
    )
    const axis = block(1, [['0 1 2 3 4 5', [100, 320, 205, 328]]])
    expect(marksApart(readLines(readInOrder([points, axis])))).toEqual([])
  })

  it('passes a printed leaflet whose dashes stand a gutter wide from their items', () => {
    const made = variedPrintedLeaflet(3733)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    expect(analysis.text).toContain('- Garden: late on Friday\n- Village')
    expect(analysis.flags.map((f) => f.code)).not.toContain('order_suspect')
  })
})

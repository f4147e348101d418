import { deflateSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { StoredLayoutError, decodeLayout, encodeLayout } from '../../src-main/store/layout-codec.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'
import { syntheticLayout } from '../helpers/store-pages.js'

/** The same layout, field order included, as the JSON a reader of the project gets. */
function expectSameLayout(read: PageLayout, layout: PageLayout): void {
  expect(JSON.stringify(read)).toBe(JSON.stringify(layout))
}

/** The format before per-character edges were stored apart: zlib over the layout's JSON. */
function jsonBlob(layout: PageLayout): Buffer {
  return deflateSync(JSON.stringify(layout), { level: 1 })
}

describe('layout codec', () => {
  it('round-trips a layout with its overdrawn glyphs', () => {
    const layout = {
      ...syntheticLayout(1, ['Education']),
      overdraw: { glyphs: 9, overdrawn: 9, sample: 'Education' }
    }
    expect(decodeLayout(encodeLayout(layout))).toEqual(layout)
  })

  it('round-trips a damaged page', () => {
    const layout = { ...syntheticLayout(2, []), damage: 'object is not a stream' }
    expect(decodeLayout(encodeLayout(layout))).toEqual(layout)
  })

  it('gives back pages of a real two-column paper exactly, in under half the bytes of their JSON', () => {
    for (const page of [1, 2, 14]) {
      const layout = layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'), page)
      const blob = encodeLayout(layout)
      expectSameLayout(decodeLayout(blob), layout)
      expect(blob.byteLength).toBeLessThan(jsonBlob(layout).byteLength / 2)
    }
  })

  it('keeps in its JSON the edges of a span that are not whole hundredths of a point', () => {
    const plain = syntheticLayout(1, ['ab', 'cd'])
    const [first, second] = plain.blocks
    const odd = (edges: readonly number[]) => ({
      ...first!,
      lines: [{ ...first!.lines[0]!, spans: [{ ...first!.lines[0]!.spans[0]!, charX: edges }] }]
    })
    const layout = {
      ...plain,
      blocks: [odd([1 / 3, 2 / 3, 1e12, -1e12]), second!, odd([72.5, 78.25, 78.25, 84])]
    }
    expectSameLayout(decodeLayout(encodeLayout(layout)), layout)
  })

  it('skips what JSON skips and writes what JSON writes for values it cannot hold', () => {
    const base = syntheticLayout(1, ['x'])
    const span = base.blocks[0]!.lines[0]!.spans[0]!
    const layout = {
      ...base,
      unknown: undefined,
      blocks: [
        {
          ...base.blocks[0]!,
          lines: [{ ...base.blocks[0]!.lines[0]!, spans: [{ ...span, charX: [NaN, 3] }] }]
        }
      ]
    }
    const read = decodeLayout(encodeLayout(layout))
    expect(read.blocks[0]!.lines[0]!.spans[0]!.charX).toEqual([null, 3])
    expect('unknown' in read).toBe(false)
  })

  it('reads layouts stored as zlib over their JSON, as Recto stored them before', () => {
    const layout = layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'), 1)
    expectSameLayout(decodeLayout(jsonBlob(layout)), layout)
  })

  it('reads a layout stored before overdrawn glyphs, covered characters and damage were kept', () => {
    const current = { ...syntheticLayout(1, ['Education']), coveredChars: 9 }
    const old: Record<string, unknown> = { ...current }
    delete old['overdraw']
    delete old['coveredChars']
    delete old['damage']
    const layout = decodeLayout(deflateSync(JSON.stringify(old)))
    expect(layout.overdraw).toBeNull()
    expect(layout.coveredChars).toBe(0)
    expect(layout.damage).toBeNull()
    expect(layout.blocks).toEqual(current.blocks)
  })

  it('refuses a stored layout that was cut short or has bytes to spare', () => {
    const blob = encodeLayout(syntheticLayout(1, ['Education']))
    const payload = inflateSync(blob.subarray(1))
    const stored = (bytes: Uint8Array) => Buffer.concat([blob.subarray(0, 1), deflateSync(bytes)])
    expect(() => decodeLayout(stored(payload.subarray(0, payload.length - 1)))).toThrow(/truncated/)
    expect(() => decodeLayout(stored(Buffer.concat([payload, Buffer.of(0)])))).toThrow(/corrupt/)
  })

  // Fuzz findings (test/fuzz-regressions/stored/): a damaged row threw zlib's "incorrect data
  // check", JSON's "Expected ',' or '}' after property value in JSON at position 7227", or a
  // TypeError from deep in the decoder, none of which says what was damaged.
  it('refuses damaged bytes with one line saying the stored layout is damaged', () => {
    const blob = encodeLayout(syntheticLayout(1, ['Education']))
    const payload = inflateSync(blob.subarray(1))
    const stored = (bytes: Uint8Array) => Buffer.concat([blob.subarray(0, 1), deflateSync(bytes)])
    const flipped = Buffer.from(blob)
    flipped[flipped.length - 1]! ^= 0xff
    const json = (value: unknown) => {
      const text = Buffer.from(JSON.stringify(value))
      return stored(Buffer.concat([Buffer.of((text.length & 0x7f) | 0x80, text.length >> 7), text]))
    }
    const damaged = [
      flipped,
      stored(Buffer.from(payload.toString('latin1').replace('"blocks"', '"blocks" 1'), 'latin1')),
      json({ blocks: [{ lines: null }] }),
      json({ blocks: [{ lines: [{ spans: [7] }] }] }),
      json({ blocks: [{ lines: [{ spans: [{ charX: -1 }] }] }] }),
      json(null),
      deflateSync('{"blocks": 3}')
    ]
    for (const bytes of damaged) {
      let thrown: unknown
      try {
        decodeLayout(bytes)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(StoredLayoutError)
      expect((thrown as Error).message).toMatch(/^stored layout is damaged \([^\n]+\)$/)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { EdgeReader, EdgeWriter } from '../../src-main/store/char-edges.js'

describe('char edges', () => {
  it('reads back the edges of spans in the order written, across lines that start further left', () => {
    const spans = [[72, 78.22, 78.22, 82.67], [301, 305.5], [-12.34, 0, 0, 5e6], []]
    const writer = new EdgeWriter()
    for (const edges of spans) expect(writer.add(edges)).toBe(true)
    const reader = new EdgeReader(writer.bytes())
    expect(spans.map((edges) => reader.edges(edges.length))).toEqual(spans)
    reader.finish()
  })

  it('takes one byte for an edge shared with the glyph before, two for a glyph’s width', () => {
    const writer = new EdgeWriter()
    writer.add([100, 106.5, 106.5, 113])
    expect(writer.bytes().byteLength).toBe(3 + 2 + 1 + 2)
  })

  it('refuses edges that are not whole hundredths or lie millions of points away', () => {
    const writer = new EdgeWriter()
    expect(writer.add([72, 72.125])).toBe(false)
    expect(writer.add([72, 6e6])).toBe(false)
    expect(writer.add([72, NaN])).toBe(false)
    expect(writer.bytes().byteLength).toBe(0)
  })

  it('reads varints up to 2^31 and refuses a sixth continuation byte', () => {
    const writer = new EdgeWriter()
    writer.varint(2 ** 31 - 1)
    expect(new EdgeReader(writer.bytes()).varint()).toBe(2 ** 31 - 1)
    const endless = new EdgeReader(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x01))
    expect(() => endless.varint()).toThrow(/corrupt/)
  })
})

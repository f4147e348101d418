import { deflateSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { decodeLayout, encodeLayout } from '../../src-main/store/layout-codec.js'
import { syntheticLayout } from '../helpers/store-pages.js'

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

  it('stores exactly the UTF-8 of JSON.stringify, which it writes a block at a time', () => {
    const two = syntheticLayout(1, ['“Quoted” ﬁrst', 'second 𝐀'])
    const layout = { ...two, structureOrder: [1, 0], unknown: undefined }
    expect(layout.blocks.length).toBe(2)
    const stored = inflateSync(encodeLayout(layout))
    expect(stored.equals(Buffer.from(JSON.stringify(layout), 'utf8'))).toBe(true)
    const empty = { ...syntheticLayout(2, []), blocks: [] }
    expect(inflateSync(encodeLayout(empty)).toString('utf8')).toBe(JSON.stringify(empty))
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
})

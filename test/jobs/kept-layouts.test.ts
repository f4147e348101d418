import { describe, expect, it } from 'vitest'
import { KeptLayouts } from '../../src-main/jobs/kept-layouts.js'
import { syntheticLayout } from '../helpers/store-pages.js'

describe('KeptLayouts', () => {
  it('hands each kept page over once, and nothing past its bound', () => {
    const kept = new KeptLayouts(100)
    const first = syntheticLayout(1, ['one'])
    kept.keep(7, first, 60)
    kept.keep(7, syntheticLayout(2, ['two']), 60)
    expect(kept.take(7, 1)).toBe(first)
    expect(kept.take(7, 1)).toBeUndefined()
    // Page 2 would have gone past 100 bytes: the document pass reads it from the project.
    expect(kept.take(7, 2)).toBeUndefined()
  })

  it('holds all of a document only while every page of it is kept', () => {
    const kept = new KeptLayouts(100)
    kept.keep(7, syntheticLayout(1, ['one']), 40)
    expect(kept.holdsAll(7, 1)).toBe(true)
    expect(kept.holdsAll(8, 1)).toBe(false)
    kept.keep(7, syntheticLayout(2, ['two']), 40)
    kept.keep(7, syntheticLayout(3, ['three']), 40)
    expect(kept.holdsAll(7, 3)).toBe(false)
  })

  it('keeps one document: the next one, or a clear, drops the previous pages', () => {
    const kept = new KeptLayouts(1000)
    kept.keep(1, syntheticLayout(1, ['a']), 10)
    kept.keep(2, syntheticLayout(1, ['b']), 10)
    expect(kept.take(1, 1)).toBeUndefined()
    kept.clear()
    expect(kept.take(2, 1)).toBeUndefined()
  })
})

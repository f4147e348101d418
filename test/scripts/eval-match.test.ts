import { describe, expect, it } from 'vitest'
import {
  nearMatchStarts,
  normalizeBenchText,
  partialRatioAtLeast,
  runBenchTest
} from '../../scripts/eval-match.js'
import { cer, editDistance, levenshtein } from '../../scripts/eval-cer.js'

describe('olmOCR-bench matching', () => {
  it('normalises like upstream: quotes, dashes, emphasis, whitespace', () => {
    expect(normalizeBenchText('“Hi”  **bold**\n—  it’s')).toBe('"Hi" bold - it\'s')
  })

  it('partial ratio passes within max_diffs and fails beyond', () => {
    const text = 'the quick brown fox jumps over the lazy dog'
    // One substitution costs 2 in Indel terms: ratio (2·18)/(2·19) ≈ 0.947.
    expect(partialRatioAtLeast('brown fax jumps ove', text, 1 - 1 / 19)).toBe(true)
    expect(partialRatioAtLeast('brown fax jumps ove', text, 1)).toBe(false)
    expect(partialRatioAtLeast('brxwn fax jxmps ove', text, 1 - 1 / 19)).toBe(false)
  })

  it('present, absent and order tests follow upstream semantics', () => {
    const page = 'Title here. Left column text. Right column text. Page 7'
    const base = { pdf: 'x.pdf', page: 1, id: 't' }
    expect(runBenchTest({ ...base, type: 'present', text: 'Left column text' }, page)).toBe(true)
    expect(runBenchTest({ ...base, type: 'absent', text: 'Page 7' }, page)).toBe(false)
    expect(runBenchTest({ ...base, type: 'absent', text: 'Page 8' }, page)).toBe(true)
    const order = { ...base, type: 'order', before: 'Left column', after: 'Right column' }
    expect(runBenchTest(order, page)).toBe(true)
    expect(runBenchTest({ ...order, before: 'Right column', after: 'Left column' }, page)).toBe(
      false
    )
    expect(runBenchTest({ ...order, before: 'Lfet column', max_diffs: 2 }, page)).toBe(true)
  })

  it('finds approximate match starts by Levenshtein distance', () => {
    expect(nearMatchStarts('abc', 'xxabcxxabc', 0)).toEqual([2, 7])
    expect(nearMatchStarts('abcd', 'zzabXdzz', 1)).toContain(2)
    expect(nearMatchStarts('abcd', 'zzzzzzzz', 1)).toEqual([])
  })
})

describe('CER', () => {
  it('is Levenshtein over the gold length after lower-casing and collapsing spaces', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3)
    expect(cer('Hello   World', 'hello world')).toBe(0)
    expect(cer('hallo world', 'hello world')).toBeCloseTo(1 / 11)
  })

  it('word-aligned distance of long texts matches the exact distance on local edits', () => {
    const words = Array.from({ length: 4000 }, (_, i) => `w${i % 97}x${i}`)
    const gold = words.join(' ')
    const hyp = words.map((w, i) => (i % 500 === 0 ? w + 'q' : w)).join(' ')
    expect(editDistance(hyp, gold)).toBe(8)
  })
})

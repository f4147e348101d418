import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { characterErrorRate, wordErrorRate } from '../../src-main/error-rate/error-rate.js'
import { levenshtein } from '../../src-main/error-rate/levenshtein.js'

const truth = (name: string): string =>
  readFileSync(new URL(`../../../shared/corpus/truth/${name}`, import.meta.url), 'utf8')

/** The textbook full (n+1)×(m+1) matrix, independent of the bit-vector code under test. */
function matrixDistance<T>(a: readonly T[], b: readonly T[]): number {
  const d: number[][] = []
  for (let i = 0; i <= a.length; i++) {
    d.push(new Array<number>(b.length + 1).fill(0))
    d[i]![0] = i
  }
  for (let j = 0; j <= b.length; j++) d[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      )
    }
  }
  return d[a.length]![b.length]!
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w !== '')
const chars = (text: string): string[] => [...words(text).join(' ')]

function referenceCer(gold: string, candidate: string): number {
  return matrixDistance(chars(gold), chars(candidate)) / chars(gold).length
}

function referenceWer(gold: string, candidate: string): number {
  return matrixDistance(words(gold), words(candidate)) / words(gold).length
}

// Real pairs: one text in two extractors' orders, OCR of neighbouring pages, a table two ways.
const PAIRS: readonly (readonly [string, string, number])[] = [
  ['pdfbox__eu-001.pdf.txt', 'pdfbox__eu-001.pdf-tabula.txt', 2500],
  ['pdfbox__PDFBOX-3110-poems-beads.pdf.txt', 'pymupdf__test_3842_expected_1.28.txt', 2500],
  [
    'ocrmypdf__tesseract-cache_cardinal_p000002.txt',
    'ocrmypdf__tesseract-cache_cardinal_p000004.txt',
    3000
  ],
  ['pdfbox__cweb.pdf.txt', 'pdfbox__cweb.pdf-sorted.txt', 3000]
]

describe('character and word error rate', () => {
  it.each(PAIRS)('agree with a full-matrix computation on %s vs %s', (goldName, otherName, cut) => {
    const gold = truth(goldName).slice(0, cut)
    const candidate = truth(otherName).slice(0, cut)
    const cer = characterErrorRate(gold, candidate)
    expect(Math.abs(cer.rate - referenceCer(gold, candidate))).toBeLessThan(1e-6)
    const wer = wordErrorRate(gold, candidate)
    expect(Math.abs(wer.rate - referenceWer(gold, candidate))).toBeLessThan(1e-6)
  })

  it('agrees on a reordered page: two columns read line by line against column by column', () => {
    const gold = truth('pdfbox__cweb.pdf.txt').slice(0, 2400)
    const lines = gold.split('\n')
    const half = Math.ceil(lines.length / 2)
    const interleaved = lines
      .slice(0, half)
      .flatMap((line, i) => [line, lines[half + i] ?? ''])
      .join('\n')
    const cer = characterErrorRate(gold, interleaved)
    expect(cer.rate).toBeGreaterThan(0.1)
    expect(Math.abs(cer.rate - referenceCer(gold, interleaved))).toBeLessThan(1e-6)
  })

  it('counts code points, not UTF-16 units, and matches the matrix on random strings', () => {
    expect(levenshtein('𝐀bc', 'abc')).toBe(1)
    let seed = 7
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = ['a', 'b', 'c', ' ', 'é', '𝐀', 'ﬁ']
    for (let t = 0; t < 300; t++) {
      const make = (): string[] =>
        Array.from({ length: Math.floor(next() * 90) }, () => alphabet[Math.floor(next() * 7)]!)
      const a = make()
      const b = make()
      expect(levenshtein(a.join(''), b.join(''))).toBe(matrixDistance(a, b))
    }
  })

  it('normalises case and whitespace only', () => {
    expect(characterErrorRate('Hello  World\n', ' hello\fworld').rate).toBe(0)
    expect(characterErrorRate('ﬁnd', 'find').distance).toBe(2)
    expect(characterErrorRate('', '').rate).toBe(0)
    expect(characterErrorRate('', 'x').rate).toBe(1)
  })

  it('scores a 40k-character document exactly as the textbook recurrence does on its start', () => {
    const gold = truth('pypdf-benchmarks__GeoTopo-book.txt').slice(0, 40_000)
    const candidate = truth('pdfbox__cweb.pdf.txt').slice(0, 40_000)
    const cer = characterErrorRate(gold, candidate)
    expect(cer.length).toBeGreaterThan(35_000)
    expect(cer.rate).toBeGreaterThan(0.5)
    // Its speed is measured by the bench; here the bit-parallel distance must equal the plain one.
    const a = gold.slice(0, 1_500)
    const b = candidate.slice(0, 1_500)
    expect(levenshtein(a, b)).toBe(matrixDistance([...a], [...b]))
  })
})

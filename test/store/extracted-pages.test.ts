import { describe, expect, it } from 'vitest'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import { addDocument } from '../../src-main/store/documents.js'
import {
  documentDigests,
  knownPageNumbers,
  pendingPageNumbers,
  promotePage,
  readExtractedLayout,
  saveExtractedPage
} from '../../src-main/store/extracted-pages.js'
import { getPage, extractedPage, readLayout, savePage } from '../../src-main/store/pages.js'
import { memoryDb } from '../helpers/db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

describe('extracted pages', () => {
  it('wait for the document pass, then move into pages with their analysis and flags', () => {
    const db = memoryDb()
    const doc = addDocument(db, { sha256: 'a', path: '/a.pdf', name: 'a.pdf', bytes: 1 }).document
      .id
    const first = syntheticLayout(1, ['Already analysed'])
    savePage(db, doc, storedPage(first, syntheticAnalysis(first), 'Already analysed'))
    const second = syntheticLayout(2, ['Waiting', 'for the pass'])
    saveExtractedPage(db, doc, extractedPage(second, 'Waiting\nfor the pass', pageDigest(second)))

    expect(knownPageNumbers(db, doc)).toEqual([1, 2])
    expect(pendingPageNumbers(db, doc)).toEqual([2])
    expect(documentDigests(db, doc)).toEqual([pageDigest(first), pageDigest(second)])
    expect(readExtractedLayout(db, doc, 2)).toEqual(second)
    expect(getPage(db, doc, 2)).toBeUndefined()

    const analysis = syntheticAnalysis(second, [flag('low_text', 'warn')], 0.3)
    promotePage(db, doc, 2, analysis)
    expect(pendingPageNumbers(db, doc)).toEqual([])
    expect(knownPageNumbers(db, doc)).toEqual([1, 2])
    expect(readLayout(db, doc, 2)).toEqual(second)
    expect(getPage(db, doc, 2)).toMatchObject({
      chars: 17,
      rawText: 'Waiting\nfor the pass',
      analysis: { decision: 'review', quality: 0.3, text: analysis.text }
    })
    expect(getPage(db, doc, 2)?.analysis.flags.map((f) => f.code)).toEqual(['low_text'])
    expect(() => promotePage(db, doc, 2, analysis)).toThrow('was not extracted')
  })
})

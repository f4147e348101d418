import { describe, expect, it } from 'vitest'
import { corpusPdf } from '../helpers/corpus.js'
import { documentPageText } from '../helpers/pages.js'

describe('pairFormLabels', () => {
  it('reads each label of a row of form fields with the value under it', () => {
    const text = documentPageText(corpusPdf('pymupdf__test_3854.pdf'), 1)
    expect(text).toContain(
      'Ocean Vessel/Voy(船名航次):\n\n/\n\nPort of Loading(起运港):\n\nXINGANG,CHINA'
    )
  })
})

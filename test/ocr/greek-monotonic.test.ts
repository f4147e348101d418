import { describe, expect, it } from 'vitest'
import { monotonicGreek } from '../../src-main/ocr/greek-monotonic.js'

describe('monotonicGreek', () => {
  it('turns the polytonic marks Tesseract reads for a tonos into one tonos a word', () => {
    expect(monotonicGreek('διοικητικὀ')).toBe('διοικητικό')
    expect(monotonicGreek('κατὰ')).toBe('κατά')
    expect(monotonicGreek('νὲο')).toBe('νέο')
    expect(monotonicGreek('ἑτοὺς')).toBe('έτους')
  })

  it('leaves monotonic Greek and other scripts as they are', () => {
    expect(monotonicGreek('συμβούλιο')).toBe('συμβούλιο')
    expect(monotonicGreek('Οι')).toBe('Οι')
    expect(monotonicGreek('Größere')).toBe('Größere')
  })
})

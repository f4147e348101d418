import { describe, expect, it } from 'vitest'
import { startOrder } from '../../src-main/jobs/start-order.js'

const files = [
  { path: 'a.pdf', bytes: 10 },
  { path: 'big.pdf', bytes: 900 },
  { path: 'copy-1.pdf', bytes: 50 },
  { path: 'copy-2.pdf', bytes: 50 },
  { path: 'z.pdf', bytes: 400 }
]

describe('startOrder', () => {
  it('starts the largest files first when several workers share the run', () => {
    expect(startOrder(files, 2).map((f) => f.path)).toEqual([
      'big.pdf',
      'z.pdf',
      // The same size: the order given.
      'copy-1.pdf',
      'copy-2.pdf',
      'a.pdf'
    ])
    expect(files[0]?.path).toBe('a.pdf')
  })

  it('keeps the order given for one worker', () => {
    expect(startOrder(files, 1)).toEqual(files)
  })
})

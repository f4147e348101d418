import { describe, expect, it, vi } from 'vitest'
import { runBehindReview } from '../../src-main/threads/behind-review.js'

vi.mock('node:os', async (original) => ({
  ...(await original<typeof import('node:os')>()),
  setPriority: () => {
    throw Object.assign(new Error('setpriority: operation not permitted'), { code: 'EPERM' })
  }
}))

describe('runBehindReview', () => {
  it('lets the work go on at the usual priority where the system refuses to lower it', () => {
    expect(() => runBehindReview()).not.toThrow()
  })
})

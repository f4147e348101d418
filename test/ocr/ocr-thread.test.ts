import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OcrThread } from '../../src-main/ocr/ocr-thread.js'
import { SAMPLES_DIR } from '../helpers/backend.js'
import { threadNiceValues } from '../helpers/threads.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

/** Threads of this process behind the review after the thread has read the scanned sample. */
async function behindAfterReading(behindReview: boolean): Promise<number> {
  const thread = new OcrThread('tesseract.js', behindReview)
  try {
    const page = await thread.recognize({
      file: join(SAMPLES_DIR, 'scanned-page.pdf'),
      pageNo: 1,
      regions: null,
      languages: ['eng'],
      hint: null,
      dpi: 150
    })
    expect(page.words.map((w) => w.text)).toContain('letter')
    // The thread and tesseract.js's own worker stay up for the next page until closed.
    return threadNiceValues().filter((nice) => nice === 10).length
  } finally {
    await thread.close()
  }
}

describe('OcrThread', { timeout: OCR_TIMEOUT }, () => {
  it.runIf(process.platform === 'linux')(
    'runs behind the review when asked, and so does the recogniser it starts',
    async () => {
      expect(await behindAfterReading(false)).toBe(0)
      expect(await behindAfterReading(true)).toBeGreaterThanOrEqual(2)
    }
  )
})

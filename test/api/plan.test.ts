import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECISIONS } from '../../src-main/shared/flags.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'

const config = tempDir('recto-plan-api-')
const saved = process.env['RECTO_CONFIG_DIR']
const api = testBackend()

beforeAll(async () => {
  mkdirSync(config.dir, { recursive: true })
  writeFileSync(
    join(config.dir, 'pricing.json'),
    JSON.stringify({
      currency: 'USD',
      schemes: [{ name: 'per page', tokensPerPage: 2000, inputPricePerMillion: 5 }]
    })
  )
  process.env['RECTO_CONFIG_DIR'] = config.dir
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
})

afterAll(async () => {
  if (saved === undefined) delete process.env['RECTO_CONFIG_DIR']
  else process.env['RECTO_CONFIG_DIR'] = saved
  await api.close()
  config.remove()
})

describe('plan.summary', () => {
  it("counts the project's pages by the decisions the queue filters by, and prices them", async () => {
    const plan = await api.call('plan.summary', {})
    for (const decision of DECISIONS) {
      const { total } = await api.call('pages.queue', { filter: { decision }, limit: 1 })
      expect(plan.check[decision], decision).toBe(total)
    }
    const documents = await api.call('documents.list', {})
    expect(plan.documents).toBe(documents.length)
    expect(plan.pages).toBe(documents.reduce((n, d) => n + (d.pageCount ?? 0), 0))
    expect(plan.decisions.ocr.pages).toBeGreaterThan(0)
    // Nothing measured OCR on this machine's config yet, and the Library never runs it.
    expect(plan.ocr).toMatchObject({ secondsPerPage: null, seconds: null, measured: null })
    const failing = plan.pages - plan.decisions.ok.pages
    expect(plan.vision).toEqual({
      currency: 'USD',
      config: join(config.dir, 'pricing.json'),
      schemes: [
        {
          name: 'per page',
          failing: {
            pages: failing,
            inputTokens: failing * 2000,
            outputTokens: 0,
            cost: failing * 0.01
          },
          all: {
            pages: plan.pages,
            inputTokens: plan.pages * 2000,
            outputTokens: 0,
            cost: plan.pages * 0.01
          }
        }
      ]
    })
  })
})

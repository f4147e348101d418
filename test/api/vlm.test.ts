import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'
import { answer, chatServer, type ChatReply } from '../helpers/chat-server.js'
import { tempDir } from '../helpers/db.js'
import { writePoorScanPdf } from '../helpers/part-scanned.js'

// The reviewer's request reads the user's pricing file: this test's own config folder.
const config = tempDir('recto-vlm-config-')
const saved = process.env['RECTO_CONFIG_DIR']
process.env['RECTO_CONFIG_DIR'] = config.dir
const api = testBackend()
let close: (() => Promise<void>) | undefined

afterEach(async () => {
  await close?.()
  close = undefined
})
afterAll(async () => {
  await api.close()
  config.remove()
  if (saved === undefined) delete process.env['RECTO_CONFIG_DIR']
  else process.env['RECTO_CONFIG_DIR'] = saved
})

async function model(reply: () => ChatReply) {
  const server = await chatServer(reply)
  close = server.close
  writeFileSync(
    join(config.dir, 'pricing.json'),
    JSON.stringify({
      schemes: [
        { name: 'flat', tokensPerPage: 1000, inputPricePerMillion: 2, outputPricePerMillion: 8 }
      ],
      vlm: { endpoint: server.endpoint, model: 'qwen-vl-test', retries: 0 }
    })
  )
  return server
}

describe('pages.vlm: a reviewer sends the page to the vision model', () => {
  it('reads the page as a job, flags it, and counts its cost in the plan', async () => {
    const documentId = await api.ingested(writePoorScanPdf(api.dir))
    const server = await model(() => answer('## Notice\n\nThe library opens at nine.'))
    const { jobId } = await api.call('pages.vlm', { documentId, pageNo: 1 })
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished).toMatchObject({ kind: 'vision model', status: 'succeeded', errors: [] })
    expect(server.calls).toHaveLength(1)
    expect(api.events).toContainEqual({ name: 'page.changed', payload: { documentId, pageNo: 1 } })
    const page = await api.call('pages.get', { documentId, pageNo: 1 })
    expect(page.extractedText).toBe('Notice\n\nThe library opens at nine.')
    expect(page.decision).toBe('review')
    expect(page.flags.find((flag) => flag.code === 'vlm_text')?.message).toMatch(
      /^2 lines read by the vision model qwen-vl-test \(reviewer\)/u
    )
    expect(page.layout.blocks.every((block) => block.source === 'vlm')).toBe(true)
    const plan = await api.call('plan.summary', {})
    expect(plan.visionSpent).toMatchObject({
      pages: 1,
      read: 1,
      requests: 1,
      inputTokens: 900,
      outputTokens: 120
    })
  })

  it('keeps the page as it was when the model refuses it, and says why in the job', async () => {
    const documentId = await api.ingested(writePoorScanPdf(api.dir))
    const before = await api.call('pages.get', { documentId, pageNo: 1 })
    await model(() => ({ status: 400, body: { error: { message: 'image too small' } } }))
    const { jobId } = await api.call('pages.vlm', { documentId, pageNo: 1 })
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished.status).toBe('failed')
    expect(finished.errors.map((e) => e.reason)).toEqual([
      'page 1: the model server refused the page: 400 (image too small)'
    ])
    const after = await api.call('pages.get', { documentId, pageNo: 1 })
    expect(after.extractedText).toBe(before.extractedText)
    expect(after.flags).toEqual(before.flags)
  })

  it('refuses in one line when no model is configured', async () => {
    writeFileSync(
      join(config.dir, 'pricing.json'),
      JSON.stringify({ schemes: [{ name: 'flat', tokensPerPage: 1, inputPricePerMillion: 1 }] })
    )
    const documentId = await api.ingested(writePoorScanPdf(api.dir))
    await expect(api.call('pages.vlm', { documentId, pageNo: 1 })).rejects.toThrow(
      `pages.vlm: invalid-input: no vision model: ${join(config.dir, 'pricing.json')} has no vlm section naming a model (docs/cascade.md)`
    )
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { askModel, VlmError } from '../../src-main/vlm/chat-client.js'
import { VlmConfig } from '../../src-main/vlm/config.js'
import { answer, chatServer, type ChatReply } from '../helpers/chat-server.js'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
  delete process.env['RECTO_TEST_VLM_KEY']
})

async function served(reply: (index: number) => ChatReply, config: Partial<VlmConfig> = {}) {
  const server = await chatServer((_call, index) => reply(index))
  close = server.close
  const parsed = VlmConfig.parse({
    endpoint: server.endpoint,
    model: 'olmocr-test',
    backoffMs: 10,
    ...config
  })
  return { server, config: parsed }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the request succeeded')
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(VlmError)
      return error as VlmError
    }
  )

describe('a chat-completions request for one page', () => {
  it('sends the page image, the prompt, the model and the key from its variable', async () => {
    process.env['RECTO_TEST_VLM_KEY'] = 'sk-test-123'
    const { server, config } = await served(() => answer('Dear Sir,'), {
      apiKeyEnv: 'RECTO_TEST_VLM_KEY'
    })
    const read = await askModel(config, { png: PNG, prompt: 'Transcribe this page.' })
    expect(read).toEqual({ text: 'Dear Sir,', usage: { inputTokens: 900, outputTokens: 120 } })
    expect(server.calls).toHaveLength(1)
    expect(server.calls[0]!.model).toBe('olmocr-test')
    expect(server.calls[0]!.prompt).toBe('Transcribe this page.')
    expect(Buffer.compare(server.calls[0]!.png, PNG)).toBe(0)
    expect(server.calls[0]!.headers.authorization).toBe('Bearer sk-test-123')
  })

  it('waits out a 429 as long as Retry-After asks, and a 503, then reads the page', async () => {
    const { server, config } = await served((i) =>
      i === 0
        ? {
            status: 429,
            body: { error: { message: 'slow down' } },
            headers: { 'retry-after': '0.2' }
          }
        : i === 1
          ? { status: 503, body: 'overloaded' }
          : answer('read at last')
    )
    const started = Date.now()
    const read = await askModel(config, { png: PNG, prompt: 'p' })
    expect(read.text).toBe('read at last')
    expect(server.calls).toHaveLength(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(200)
  })

  it('gives up after its retries with the last reason, in one line without the key', async () => {
    process.env['RECTO_TEST_VLM_KEY'] = 'sk-secret-999'
    const { server, config } = await served(
      () => ({ status: 500, body: { error: 'GPU fell over' } }),
      {
        retries: 2,
        apiKeyEnv: 'RECTO_TEST_VLM_KEY'
      }
    )
    const error = await failure(askModel(config, { png: PNG, prompt: 'p' }))
    expect(error.message).toBe('gave up after 3 tries: 500 (GPU fell over)')
    expect(server.calls).toHaveLength(3)
    expect(error.message).not.toContain('sk-secret')
  })

  it('abandons a request past its timeout and tries again', async () => {
    const { server, config } = await served(
      (i) => (i === 0 ? { ...answer('too late'), delayMs: 2000 } : answer('in time')),
      { timeoutSeconds: 0.3 }
    )
    const read = await askModel(config, { png: PNG, prompt: 'p' })
    expect(read.text).toBe('in time')
    expect(server.calls).toHaveLength(2)
  })

  it('fails at once on a refused image, a malformed answer or one cut at its token limit', async () => {
    const refused = await served(() => ({
      status: 400,
      body: { error: { message: 'image exceeds 20 MB' } }
    }))
    expect((await failure(askModel(refused.config, { png: PNG, prompt: 'p' }))).message).toBe(
      'the model server refused the page: 400 (image exceeds 20 MB)'
    )
    expect(refused.server.calls).toHaveLength(1)
    await close?.()

    const malformed = await served(() => ({ body: '<html>502 Bad Gateway</html>' }))
    expect((await failure(askModel(malformed.config, { png: PNG, prompt: 'p' }))).message).toBe(
      "the model's answer is not JSON (<html>502 Bad Gateway</html>)"
    )
    await close?.()

    const cut = await served(() => {
      const full = answer('half a page', { prompt_tokens: 800, completion_tokens: 4096 })
      const body = full.body as { choices: { finish_reason: string }[] }
      body.choices[0]!.finish_reason = 'length'
      return full
    })
    const error = await failure(askModel(cut.config, { png: PNG, prompt: 'p' }))
    expect(error.message).toBe(
      "the model's answer was cut at its token limit (4096 tokens): raise vlm.maxTokens"
    )
    // Billed all the same: the run's accounting counts it.
    expect(error.usage).toEqual({ inputTokens: 800, outputTokens: 4096 })
  })

  it('says so when no server listens at the endpoint', async () => {
    const gone = await chatServer(() => answer('never'))
    await gone.close()
    const config = VlmConfig.parse({
      endpoint: gone.endpoint,
      model: 'm',
      retries: 1,
      backoffMs: 1
    })
    const error = await failure(askModel(config, { png: PNG, prompt: 'p' }))
    expect(error.message).toMatch(
      /^gave up after 2 tries: the server cannot be reached \(ECONNREFUSED\)$/u
    )
  })
})

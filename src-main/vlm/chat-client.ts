import { apiKey, type VlmConfig } from './config.js'

/** Tokens a response reported using; zero where the server reported none. */
export type Usage = Readonly<{ inputTokens: number; outputTokens: number }>

export type Answer = Readonly<{ text: string; usage: Usage }>

/**
 * A page the model did not read, in one line a person can act on. `usage` holds what the server
 * billed for it anyway (a malformed or cut answer still cost its tokens).
 */
export class VlmError extends Error {
  override name = 'VlmError'
  constructor(
    message: string,
    readonly usage: Usage = NO_USAGE
  ) {
    super(message)
  }
}

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 }

export type ChatRequest = Readonly<{ png: Uint8Array; prompt: string }>

/** Waits, or ends at once when the run is stopped. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal?.aborted) return done()
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true })
  })
}

/** A failure worth trying again: the server was busy, overloaded or slow, not the request bad. */
class Transient extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null
  ) {
    super(message)
  }
}

function retryAfter(header: string | null): number | null {
  if (header === null) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const when = Date.parse(header)
  return Number.isNaN(when) ? null : Math.max(0, when - Date.now())
}

/** The server's own reason, short: an OpenAI-style `{error: {message}}` or the body's start. */
function reasonOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown }
    const message =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message)
    if (typeof message === 'string' && message !== '') return oneLine(message)
  } catch {
    // Not JSON: the body itself says what went wrong.
  }
  return oneLine(body) || 'no reason given'
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/gu, ' ').trim()
  return line.length > 160 ? `${line.slice(0, 157)}…` : line
}

function usageOf(value: unknown): Usage {
  const usage = (value ?? {}) as { prompt_tokens?: unknown; completion_tokens?: unknown }
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0)
  return { inputTokens: count(usage.prompt_tokens), outputTokens: count(usage.completion_tokens) }
}

/** The answer's text: a string, or the text parts of a list of content parts. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return null
  const parts = content.filter(
    (part): part is { type: 'text'; text: string } =>
      typeof part === 'object' &&
      part !== null &&
      part.type === 'text' &&
      typeof part.text === 'string'
  )
  return parts.length === 0 ? null : parts.map((part) => part.text).join('')
}

/** The text and usage of a chat-completions response body, or why it is not one. */
export function parseAnswer(body: string): Answer {
  let parsed: {
    choices?: { message?: { content?: unknown }; finish_reason?: unknown }[]
    usage?: unknown
  }
  try {
    parsed = JSON.parse(body) as typeof parsed
  } catch {
    throw new VlmError(`the model's answer is not JSON (${oneLine(body) || 'empty'})`)
  }
  const usage = usageOf(parsed.usage)
  const choice = Array.isArray(parsed.choices) ? parsed.choices[0] : undefined
  const text = contentText(choice?.message?.content)
  if (text === null) throw new VlmError("the model's answer has no message text", usage)
  if (choice?.finish_reason === 'length') {
    throw new VlmError(
      `the model's answer was cut at its token limit (${usage.outputTokens} tokens): raise vlm.maxTokens`,
      usage
    )
  }
  if (text.trim() === '') throw new VlmError('the model answered with no text', usage)
  return { text, usage }
}

/** One request, its failures sorted into those worth another try and those that are final. */
async function ask(config: VlmConfig, request: ChatRequest, signal?: AbortSignal): Promise<Answer> {
  const key = apiKey(config)
  const image = `data:image/png;base64,${Buffer.from(request.png).toString('base64')}`
  const timeout = AbortSignal.timeout(config.timeoutSeconds * 1000)
  let response: Response
  try {
    response = await fetch(`${config.endpoint.replace(/\/$/u, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key === undefined ? {} : { authorization: `Bearer ${key}` })
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        max_tokens: config.maxTokens,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: request.prompt },
              { type: 'image_url', image_url: { url: image } }
            ]
          }
        ]
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout
    })
  } catch (error) {
    if (signal?.aborted) throw new VlmError('stopped')
    if (timeout.aborted) throw new Transient(`no answer within ${config.timeoutSeconds} s`)
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    throw new Transient(
      `the server cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`
    )
  }
  let body: string
  try {
    body = await response.text()
  } catch {
    if (signal?.aborted) throw new VlmError('stopped')
    throw new Transient(`the answer stopped coming after ${config.timeoutSeconds} s or less`)
  }
  if (response.status === 429) {
    throw new Transient(
      `429 rate limited (${reasonOf(body)})`,
      retryAfter(response.headers.get('retry-after'))
    )
  }
  if (response.status >= 500) throw new Transient(`${response.status} (${reasonOf(body)})`)
  if (!response.ok) {
    const what =
      response.status === 401 || response.status === 403 ? 'refused the key' : 'refused the page'
    throw new VlmError(`the model server ${what}: ${response.status} (${reasonOf(body)})`)
  }
  return parseAnswer(body)
}

/**
 * Sends one page image and its prompt to the configured model and returns its text and usage.
 * Timeouts, 429 and 5xx answers are tried again up to `retries` times, each after twice the wait
 * before (a 429's Retry-After where it asks for longer); anything else fails at once. Every
 * failure is a VlmError whose message is one line and never carries the key.
 */
export async function askModel(
  config: VlmConfig,
  request: ChatRequest,
  signal?: AbortSignal
): Promise<Answer> {
  let wait = config.backoffMs
  for (let attempt = 0; ; attempt++) {
    try {
      return await ask(config, request, signal)
    } catch (error) {
      if (!(error instanceof Transient)) throw error
      if (attempt >= config.retries) {
        const tries = attempt + 1
        throw new VlmError(
          `gave up after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${error.message}`
        )
      }
      await pause(Math.max(wait, error.retryAfterMs ?? 0), signal)
      if (signal?.aborted) throw new VlmError('stopped')
      wait *= 2
    }
  }
}

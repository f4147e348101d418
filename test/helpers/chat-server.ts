import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the server was sent, as the test checks it. */
export type ChatCall = Readonly<{
  headers: IncomingHttpHeaders
  model: string
  prompt: string
  /** The page image's bytes, decoded from its data URL. */
  png: Buffer
}>

/** How the server answers one call: a status, a body (an object is sent as JSON), a wait. */
export type ChatReply = Readonly<{
  status?: number
  body: unknown
  headers?: Record<string, string>
  delayMs?: number
}>

/** A chat-completions answer with this text and usage. */
export function answer(
  text: string,
  usage = { prompt_tokens: 900, completion_tokens: 120 }
): ChatReply {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }
    }
  }
}

/**
 * A server speaking the OpenAI chat-completions protocol on loopback, as vLLM, llama.cpp or
 * Ollama would: each request is parsed and checked to carry a prompt and a PNG page image, then
 * answered by `reply` (which sees how many calls came before). A request without them is
 * answered 400, as a real server would refuse it, and the test sees it in `calls` all the same.
 */
export async function chatServer(reply: (call: ChatCall, index: number) => ChatReply) {
  const calls: ChatCall[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      void (async () => {
        let call: ChatCall
        try {
          const parsed = JSON.parse(body) as {
            model: string
            messages: { content: { type: string; text?: string; image_url?: { url: string } }[] }[]
          }
          const parts = parsed.messages.flatMap((m) => m.content)
          const url = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? ''
          const prompt = parts.find((p) => p.type === 'text')?.text ?? ''
          if (
            request.url !== '/v1/chat/completions' ||
            !url.startsWith('data:image/png;base64,') ||
            !prompt
          ) {
            throw new Error('not a chat completion with a prompt and a PNG')
          }
          call = {
            headers: request.headers,
            model: parsed.model,
            prompt,
            png: Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
          }
        } catch (error) {
          response.writeHead(400, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ error: { message: (error as Error).message } }))
          return
        }
        calls.push(call)
        const { status = 200, body: out, headers = {}, delayMs = 0 } = reply(call, calls.length - 1)
        if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs))
        if (response.destroyed) return
        const text = typeof out === 'string' ? out : JSON.stringify(out)
        response.writeHead(status, { 'content-type': 'application/json', ...headers })
        response.end(text)
      })()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      })
  }
}

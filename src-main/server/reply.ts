import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RpcResult } from '../shared/contract.js'

export const JSON_TYPE = 'application/json; charset=utf-8'
export const TEXT_TYPE = 'text/plain; charset=utf-8'

export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    // The page's URL carries the token: never send it on as a referrer, never show it framed.
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
    ...headers
  })
  res.end(body)
}

export function forbidden(res: ServerResponse): void {
  send(res, 403, TEXT_TYPE, 'forbidden')
}

/** An API call refused before it reaches the backend, answered in the backend's error shape. */
export function rpcRefused(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {}
): void {
  const result: RpcResult<never> = { ok: false, error: { code: 'forbidden', message } }
  send(res, status, JSON_TYPE, JSON.stringify(result), headers)
}

/**
 * The body as text, or null when it is larger than `limit` (by its header or its bytes). What
 * follows the limit is read and dropped, not kept, so the 413 still reaches the client.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      req.off('data', onData).off('end', onEnd).resume()
      resolve(null)
    }
    const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'))
    req.on('data', onData).on('end', onEnd).once('error', reject)
  })
}

/** The largest API call: a page's edited text is some kilobytes; paths to add, some more. */
export const MAX_BODY = 4 * 1024 * 1024

/** A JSON body's fields, or {} when it is not a JSON object: the caller checks each field. */
export async function readFields(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req, MAX_BODY)
  try {
    const parsed: unknown = JSON.parse(body ?? '')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

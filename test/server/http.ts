import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'

export type Reply = {
  status: number
  type: string | undefined
  headers: Record<string, string | string[] | undefined>
  body: string
}

export type SendOptions = { method?: string; headers?: Record<string, string>; body?: string }

/** One request to the server at `origin`, with the Host it serves unless the headers say else. */
export function send(origin: URL, path: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: origin.hostname,
        port: origin.port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: origin.host, ...options.headers }
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            headers: res.headers,
            body
          })
        )
      }
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A stand-in for the built renderer: an index page and one script. */
export function writeRenderer(dir: string): void {
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Recto</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {}')
}

import { parentPort } from 'node:worker_threads'
import { PageRenderer } from '../extract/render.js'
import type { RenderReply, RenderRequest } from './render-thread.js'

// Page renderings on a thread of their own (see render-thread.ts); this is its message loop.
const port = parentPort
if (!port) throw new Error('render-worker.ts runs only as a worker thread')
const renderer = new PageRenderer()
const post = (reply: RenderReply): void => port.postMessage(reply)

port.on('message', ({ id, file, pageNo, scale }: RenderRequest) => {
  renderer.render(file, pageNo, scale).then(
    ({ png, width, height }) => post({ type: 'rendered', id, png, width, height }),
    (error: unknown) =>
      post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) })
  )
})

import { parentPort } from 'node:worker_threads'
import { PageRenderer, type RenderedPage } from '../extract/render.js'
import type { RenderRequest } from './render-thread.js'
import { answerRequests } from '../threads/request-thread.js'

// Page renderings on a thread of their own (see render-thread.ts); this is its message loop.
const port = parentPort
if (!port) throw new Error('render-worker.ts runs only as a worker thread')
const renderer = new PageRenderer()

answerRequests<RenderRequest, RenderedPage>(port, ({ file, pageNo, scale, passwords }) =>
  renderer.render(file, pageNo, scale, passwords)
)

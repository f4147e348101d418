import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { RenderThread } from '../../src-main/api/render-thread.js'
import { SAMPLES_DIR } from '../helpers/backend.js'

const ARTICLE = join(SAMPLES_DIR, 'two-column-article.pdf')
const SCAN = join(SAMPLES_DIR, 'scanned-page.pdf')
const renderer = new RenderThread()

afterAll(() => renderer.close())

describe('page images rendered on their own thread', () => {
  it('renders a page as a PNG of the asked scale', async () => {
    const image = await renderer.render(ARTICLE, 2, 0.5)
    expect(Buffer.from(image.png).subarray(1, 4).toString()).toBe('PNG')
    expect([image.width, image.height]).toEqual([298, 421])
  })

  it('fails a page the file does not have with the reason, and renders on', async () => {
    await expect(renderer.render(ARTICLE, 3, 1)).rejects.toThrow(/no page 3/)
    expect((await renderer.render(ARTICLE, 1, 0.25)).width).toBe(149)
  })

  it('renders the image asked last next: a page opened waits behind no thumbnail', async () => {
    const done: string[] = []
    const asked = [
      ['thumbnail 1', ARTICLE, 1, 0.2],
      ['thumbnail 2', ARTICLE, 2, 0.2],
      ['thumbnail 3', SCAN, 1, 0.2],
      ['page', ARTICLE, 2, 1.5]
    ] as const
    const images = await Promise.all(
      asked.map(([name, file, page, scale]) =>
        renderer.render(file, page, scale).then((image) => {
          done.push(name)
          return image
        })
      )
    )
    // The first was under way when the others were asked.
    expect(done).toEqual(['thumbnail 1', 'page', 'thumbnail 3', 'thumbnail 2'])
    // Answered out of order, each still gets the image it asked for, and says so.
    expect(images.map(({ pageNo, scale }) => [pageNo, scale])).toEqual(
      asked.map(([, , page, scale]) => [page, scale])
    )
    expect(images.map((image) => image.width)).toEqual([119, 119, 84, 893])
    expect(new Set(images.map((image) => image.sha256)).size).toBe(2)
  })

  it('fails the renderings under way and those waiting when it is closed', async () => {
    const closing = new RenderThread()
    const failed = [closing.render(ARTICLE, 1, 1), closing.render(ARTICLE, 2, 1)].map((image) =>
      expect(image).rejects.toThrow('the renderer was closed')
    )
    await closing.close()
    await Promise.all(failed)
  })
})

import { call } from './client'

const SCALE = 0.2
const cache = new Map<string, Promise<string>>()

/** A small rendering of a page as a data URL, fetched once per page and session. */
export function thumbnail(documentId: number, pageNo: number): Promise<string> {
  const key = `${documentId}/${pageNo}`
  let url = cache.get(key)
  if (!url) {
    url = call('pages.image', { documentId, pageNo, scale: SCALE }).then(
      (image) => `data:image/png;base64,${image.png}`
    )
    url.catch(() => cache.delete(key))
    cache.set(key, url)
  }
  return url
}

/**
 * Fetches a page's thumbnail once `holder` is scrolled into view, so that a list of thousands of
 * pages renders only those seen, and hands it to `show` unless watching was stopped first (the
 * holder now shows another page). Returns the stop.
 */
export function thumbnailWhenSeen(
  holder: Element,
  documentId: number,
  pageNo: number,
  show: (url: string) => void
): () => void {
  let stopped = false
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return
    observer.disconnect()
    thumbnail(documentId, pageNo).then(
      (url) => {
        if (!stopped) show(url)
      },
      () => {}
    )
  })
  observer.observe(holder)
  return () => {
    stopped = true
    observer.disconnect()
  }
}

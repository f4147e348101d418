import { call } from './client'
import { FewAtATime } from './few-at-a-time'

const SCALE = 0.2
const cache = new Map<string, Promise<string>>()
/** How many shown holders wait for each page's thumbnail: none left, it is not fetched. */
const watchers = new Map<string, number>()
// Two of the browser's six connections at most: the rest stay free for the page being reviewed.
const slots = new FewAtATime(2)

/** A small rendering of a page as a data URL, fetched once per page and session. */
function thumbnail(documentId: number, pageNo: number): Promise<string> {
  const key = `${documentId}/${pageNo}`
  let url = cache.get(key)
  if (!url) {
    url = slots
      .run(
        () => call('pages.image', { documentId, pageNo, scale: SCALE }),
        () => (watchers.get(key) ?? 0) > 0
      )
      .then((image) => `data:image/png;base64,${image.png}`)
    url.catch(() => cache.delete(key))
    cache.set(key, url)
  }
  return url
}

/**
 * Fetches a page's thumbnail once `holder` is scrolled into view, so that a list of thousands of
 * pages renders only those seen, and hands it to `show` unless watching was stopped first (the
 * holder now shows another page, or the list was left before its turn came). Returns the stop.
 */
export function thumbnailWhenSeen(
  holder: Element,
  documentId: number,
  pageNo: number,
  show: (url: string) => void
): () => void {
  const key = `${documentId}/${pageNo}`
  let stopped = false
  let watching = false
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return
    observer.disconnect()
    watching = true
    watchers.set(key, (watchers.get(key) ?? 0) + 1)
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
    if (!watching) return
    const left = (watchers.get(key) ?? 1) - 1
    if (left > 0) watchers.set(key, left)
    else watchers.delete(key)
  }
}

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

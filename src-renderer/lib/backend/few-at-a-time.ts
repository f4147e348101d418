/**
 * Background requests (thumbnails) sent a few at a time, the one asked last first, and never sent
 * once nobody wants them. A browser sends at most six requests at once to one server and queues
 * the rest in the order asked: a queue of forty thumbnails, each seconds long on a loaded
 * machine, would hold the page image the reviewer opened behind all of them.
 */
export class FewAtATime {
  readonly #limit: number
  #running = 0
  readonly #waiting: (() => void)[] = []

  constructor(limit: number) {
    this.#limit = limit
  }

  /**
   * Runs `request` when a slot is free, unless `wanted()` says by then that it is no longer
   * needed: the promise then rejects and nothing is sent.
   */
  run<T>(request: () => Promise<T>, wanted: () => boolean = () => true): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = (): void => {
        if (!wanted()) {
          reject(new Error('no longer wanted'))
          this.#next()
          return
        }
        this.#running++
        request()
          .then(resolve, reject)
          .finally(() => {
            this.#running--
            this.#next()
          })
      }
      this.#waiting.push(start)
      this.#next()
    })
  }

  #next(): void {
    if (this.#running >= this.#limit) return
    this.#waiting.pop()?.()
  }
}

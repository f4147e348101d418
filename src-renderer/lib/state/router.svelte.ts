/** The screens; the hash holds the route so a reload opens the same page. */
export type Route =
  | { name: 'library' }
  | { name: 'queue' }
  | { name: 'page'; documentId: number; pageNo: number }
  | { name: 'gold' }
  | { name: 'scores' }
  | { name: 'replace' }
  | { name: 'accounts' }

export function parseRoute(hash: string): Route {
  const page = /^#\/page\/(\d+)\/(\d+)$/.exec(hash)
  if (page) return { name: 'page', documentId: Number(page[1]), pageNo: Number(page[2]) }
  if (hash === '#/queue') return { name: 'queue' }
  if (hash === '#/gold') return { name: 'gold' }
  if (hash === '#/scores') return { name: 'scores' }
  if (hash === '#/replace') return { name: 'replace' }
  if (hash === '#/accounts') return { name: 'accounts' }
  return { name: 'library' }
}

export function routeHash(route: Route): string {
  if (route.name === 'page') return `#/page/${route.documentId}/${route.pageNo}`
  return `#/${route.name}`
}

class Router {
  #route = $state<Route>(parseRoute(location.hash))

  get route(): Route {
    return this.#route
  }

  go(route: Route): void {
    const hash = routeHash(route)
    if (location.hash !== hash) location.hash = hash
    this.#route = route
  }

  listen(): () => void {
    const update = (): void => {
      this.#route = parseRoute(location.hash)
    }
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }
}

export const router = new Router()

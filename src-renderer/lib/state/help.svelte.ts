import type { Shortcut } from '../keys/shortcut'

/**
 * The keys of the screen on show, for the `?` help. A screen registers its table while it is
 * mounted; the help lists whatever table is registered last.
 */
class HelpState {
  #screens = $state.raw<readonly { title: string; shortcuts: readonly Shortcut[] }[]>([])
  #open = $state(false)

  get open(): boolean {
    return this.#open
  }

  set open(open: boolean) {
    this.#open = open
  }

  get current(): { title: string; shortcuts: readonly Shortcut[] } | undefined {
    return this.#screens.at(-1)
  }

  /** Registers a screen's keys; the returned function takes them away again. */
  register(title: string, shortcuts: () => readonly Shortcut[]): () => void {
    const entry = {
      title,
      get shortcuts() {
        return shortcuts()
      }
    }
    this.#screens = [...this.#screens, entry]
    return () => {
      this.#screens = this.#screens.filter((other) => other !== entry)
    }
  }
}

export const help = new HelpState()

/**
 * The passwords a reviewer gave this session for encrypted documents. They live in this
 * process's memory only: the project never holds them (a copied project file must not give its
 * documents away), so after a restart the app asks again when a page image needs one. Every
 * reader of the project's files (ingest, page images) tries them after the empty password.
 */
export class SessionPasswords {
  readonly #given = new Set<string>()

  add(password: string): void {
    this.#given.add(password)
  }

  list(): string[] {
    return [...this.#given]
  }
}

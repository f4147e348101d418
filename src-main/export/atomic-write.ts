import { randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'

export type WriteOutcome = 'added' | 'changed' | 'unchanged'

/** Test seam: runs after a temp file is complete and before it replaces the target. */
export type BeforeRename = (target: string) => void | Promise<void>

/** Where temp files live: inside the export folder (same file system, so rename is atomic). */
export const PARTIAL_DIR = '.recto-partial'

async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean | null> {
  try {
    const info = await stat(file)
    if (info.size !== bytes.length) return false
    return Buffer.from(bytes).equals(await readFile(file))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Writes files into one folder so that a reader (or a crash) only ever sees the old file or the
 * whole new one: each file is written and synced under PARTIAL_DIR, then renamed over its target.
 * A file whose bytes would not change is not touched at all.
 */
export class AtomicFolder {
  readonly dir: string
  readonly #partial: string
  readonly #beforeRename: BeforeRename | undefined

  constructor(dir: string, beforeRename?: BeforeRename) {
    this.dir = resolve(dir)
    this.#partial = join(this.dir, PARTIAL_DIR)
    this.#beforeRename = beforeRename
  }

  /** Creates the folder and clears temp files a killed export left behind. */
  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    await rm(this.#partial, { recursive: true, force: true })
  }

  /** The absolute path of `name`, refusing any name that would land outside the folder. */
  path(name: string): string {
    const target = resolve(this.dir, name)
    const rel = relative(this.dir, target)
    if (rel === '' || rel.startsWith('..') || rel.includes(sep)) {
      throw new Error(`${name}: not a plain file name inside ${this.dir}`)
    }
    return target
  }

  async write(name: string, bytes: Uint8Array | string): Promise<WriteOutcome> {
    const target = this.path(name)
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes
    const same = await sameBytes(target, data)
    if (same === true) return 'unchanged'
    await mkdir(this.#partial, { recursive: true })
    const temp = join(this.#partial, `${name}.${process.pid}-${randomBytes(4).toString('hex')}`)
    const handle = await open(temp, 'wx')
    try {
      await handle.writeFile(data)
      await handle.datasync()
    } finally {
      await handle.close()
    }
    await this.#beforeRename?.(target)
    await rename(temp, target)
    return same === null ? 'added' : 'changed'
  }

  /** Removes a file this export wrote before and no longer produces; true if it was there. */
  async remove(name: string): Promise<boolean> {
    const target = this.path(name)
    try {
      await rm(target)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      throw error
    }
  }

  async finish(): Promise<void> {
    await rm(this.#partial, { recursive: true, force: true })
  }
}

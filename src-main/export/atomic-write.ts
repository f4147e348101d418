import { randomBytes } from 'node:crypto'
import { lstat, mkdir, open, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'

export type WriteOutcome = 'added' | 'changed' | 'unchanged'

/** Test seam: runs after a temp file is complete and before it replaces the target. */
export type BeforeRename = (target: string) => void | Promise<void>

/** Where temp files live: inside the export folder (same file system, so rename is atomic). */
export const PARTIAL_DIR = '.recto-partial'

/**
 * Whether `file` already holds `bytes`; null when there is no such file. Only a regular file
 * counts: a symlink planted under an entry's name is replaced (rename swaps the link, never
 * writes through it), and a FIFO is never opened, which would block forever.
 */
async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean | null> {
  const info = await lstatOrNull(file)
  if (info === null) return null
  if (!info.isFile() || info.size !== bytes.length) return false
  return Buffer.from(bytes).equals(await readFile(file))
}

async function lstatOrNull(file: string): Promise<Awaited<ReturnType<typeof lstat>> | null> {
  try {
    return await lstat(file)
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
/** Whether the process that wrote a temp file may still be writing it. */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export class AtomicFolder {
  readonly dir: string
  readonly #partial: string
  readonly #beforeRename: BeforeRename | undefined

  constructor(dir: string, beforeRename?: BeforeRename) {
    this.dir = resolve(dir)
    this.#partial = join(this.dir, PARTIAL_DIR)
    this.#beforeRename = beforeRename
  }

  /**
   * Creates the folder and clears temp files a killed export left behind. Temp files carry their
   * writer's pid, so those of another export still running into the same folder are kept.
   */
  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    // The temp folder's name is Recto's: anything else under it (a symlink to a folder elsewhere
    // would have temp files written and cleared there) is removed, never followed.
    const partial = await lstatOrNull(this.#partial)
    if (partial && !partial.isDirectory()) await rm(this.#partial)
    let leftovers: string[]
    try {
      leftovers = await readdir(this.#partial)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const file of leftovers) {
      const pid = Number(/\.(\d+)-[0-9a-f]{8}$/u.exec(file)?.[1])
      if (!isRunning(pid)) await rm(join(this.#partial, file), { force: true })
    }
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

  /** The text of `name` if it is a regular file in the folder (no symlink, FIFO, folder). */
  async readRegular(name: string): Promise<string | null> {
    const file = this.path(name)
    const info = await lstatOrNull(file)
    return info?.isFile() ? readFile(file, 'utf8') : null
  }

  async write(name: string, bytes: Uint8Array | string): Promise<WriteOutcome> {
    const target = this.path(name)
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes
    const same = await sameBytes(target, data)
    if (same === true) return 'unchanged'
    await mkdir(this.#partial, { recursive: true })
    const temp = join(this.#partial, `${name}.${process.pid}-${randomBytes(4).toString('hex')}`)
    try {
      const handle = await open(temp, 'wx')
      try {
        await handle.writeFile(data)
        await handle.datasync()
      } finally {
        await handle.close()
      }
      await this.#beforeRename?.(target)
      await rename(temp, target)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
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

  /** Removes the temp folder once no export is using it. */
  async finish(): Promise<void> {
    try {
      await rmdir(this.#partial)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTEMPTY') throw error
    }
  }
}

import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { isRunning, type BeforeRename, type WriteOutcome } from './atomic-write.js'

async function fileHash(file: string): Promise<string | null> {
  const hash = createHash('sha256')
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return hash.digest('hex')
}

/** Removes temp files of this target that a killed export left beside it. */
async function clearLeftovers(target: string): Promise<void> {
  const prefix = `.${basename(target)}.partial-`
  for (const file of await readdir(dirname(target))) {
    if (!file.startsWith(prefix)) continue
    const pid = Number(/^(\d+)-/u.exec(file.slice(prefix.length))?.[1])
    if (!isRunning(pid)) await rm(join(dirname(target), file), { force: true })
  }
}

export type ChunkWriter = (chunk: string) => Promise<void>

/**
 * Writes one large file (the corpus JSONL) chunk by chunk into a hidden temp file beside it, then
 * renames it over the target only if its content differs: readers see the old file or the new
 * one, never a partial one, and an unchanged export leaves the file untouched. On any failure
 * the temp file is removed.
 */
export async function writeFileAtomically(
  file: string,
  produce: (write: ChunkWriter) => Promise<void>,
  beforeRename?: BeforeRename
): Promise<WriteOutcome> {
  const target = resolve(file)
  await mkdir(dirname(target), { recursive: true })
  await clearLeftovers(target)
  const temp = join(
    dirname(target),
    `.${basename(target)}.partial-${process.pid}-${randomBytes(4).toString('hex')}`
  )
  const hash = createHash('sha256')
  const handle = await open(temp, 'wx')
  try {
    let pending: string[] = []
    let size = 0
    const flush = async (): Promise<void> => {
      if (pending.length === 0) return
      const data = Buffer.from(pending.join(''), 'utf8')
      pending = []
      size = 0
      hash.update(data)
      await handle.write(data)
    }
    await produce(async (chunk) => {
      pending.push(chunk)
      size += chunk.length
      if (size >= 1 << 20) await flush()
    })
    await flush()
    await handle.datasync()
    await handle.close()
    const previous = await fileHash(target)
    if (previous === hash.digest('hex')) {
      await rm(temp)
      return 'unchanged'
    }
    await beforeRename?.(target)
    await rename(temp, target)
    return previous === null ? 'added' : 'changed'
  } catch (error) {
    await handle.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
}

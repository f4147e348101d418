import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { messageOf } from '../shared/error-message.js'

export type InputFile = Readonly<{ path: string; bytes: number }>

const FILE_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'file not found',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a folder',
  EIO: 'the disk could not be read'
}

/** A file system error as the one-line reason a user reads (`recto: <file>: <reason>`). */
export function fileErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  const known = code === undefined ? undefined : FILE_ERRORS[code]
  if (known) return known
  return messageOf(error).split('\n')[0] ?? 'unreadable'
}

export type InputListing = Readonly<{
  files: readonly InputFile[]
  /** Inputs that could not be read at all, with the reason (no document row: no bytes). */
  missing: readonly Readonly<{ path: string; reason: string }>[]
}>

async function walk(dir: string, found: InputFile[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true })
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  // The PDFs' sizes asked for all at once (libuv answers them in its threads), in name order.
  const pdfs = await Promise.all(
    entries.map((entry): Promise<InputFile | null> | null => {
      if (entry.isDirectory() || !/\.pdf$/i.test(entry.name)) return null
      const path = join(dir, entry.name)
      return stat(path).then(
        (info) => (info.isFile() ? { path, bytes: info.size } : null),
        () => null
      )
    })
  )
  for (const [i, entry] of entries.entries()) {
    const pdf = pdfs[i]
    if (entry.isDirectory()) await walk(join(dir, entry.name), found)
    else if (pdf) found.push(pdf)
  }
}

/**
 * The files named on the command line, folders searched recursively for `*.pdf` (in name order,
 * so runs are repeatable). A file named explicitly is taken whatever its extension: it may be a
 * PDF under another name, and if it is not, that is recorded like any other bad file.
 */
export async function listInputs(inputs: readonly string[]): Promise<InputListing> {
  const files: InputFile[] = []
  const missing: { path: string; reason: string }[] = []
  for (const input of inputs) {
    const path = resolve(input)
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => error)
    if (info instanceof Error) {
      missing.push({
        path: input,
        reason: info.code === 'ENOENT' ? 'file not found' : info.message
      })
    } else if (info.isDirectory()) {
      await walk(path, files)
    } else {
      files.push({ path, bytes: info.size })
    }
  }
  const seen = new Set<string>()
  return { files: files.filter((f) => !seen.has(f.path) && seen.add(f.path)), missing }
}

/**
 * Files up to this size are read whole to be hashed: in one read, where a stream of 64 kB chunks
 * took an event-loop turn each (0.9 ms a file over 2,000 small files, against 0.2). Larger ones
 * are streamed, so a large PDF is never held in memory here.
 */
const WHOLE_FILE_BYTES = 4 * 2 ** 20
const STREAM_CHUNK_BYTES = 2 ** 20

/**
 * SHA-256 of a file, read whole or streamed by the size its listing found (not asked again: a
 * file that has grown since is read whole all the same, and a worker reads it whole anyway).
 */
export async function hashFile({ path, bytes }: InputFile): Promise<string> {
  const hash = createHash('sha256')
  if (bytes <= WHOLE_FILE_BYTES) return hash.update(await readFile(path)).digest('hex')
  for await (const chunk of createReadStream(path, { highWaterMark: STREAM_CHUNK_BYTES })) {
    hash.update(chunk as Buffer)
  }
  return hash.digest('hex')
}

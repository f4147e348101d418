import { constants } from 'node:fs'
import { access, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { fileErrorReason } from '../extract/input-files.js'
import { isPostgresUrl } from '../store/location.js'

/**
 * Where a command will write, checked before it starts its work: an export or a repair whose
 * target turns out to be unusable only after minutes of rendering or OCR throws that work away.
 * Each check gives the reason a user reads in `recto: <path>: <reason>`, or null when the path
 * will do. What the checks cannot see (a disk that fills up) still fails at the write, in the
 * same one line (see `writeFailure`).
 */

async function statOrNull(path: string): Promise<Awaited<ReturnType<typeof stat>> | null> {
  try {
    return await stat(path)
  } catch {
    return null
  }
}

async function writable(dir: string): Promise<boolean> {
  try {
    await access(dir, constants.W_OK | constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The folder a missing path would be created in: the nearest one above it that exists. */
async function creatableUnder(path: string): Promise<string | null> {
  let dir = dirname(resolve(path))
  for (;;) {
    const info = await statOrNull(dir)
    if (info) {
      if (!info.isDirectory()) return `cannot be created: ${dir} is a file, not a folder`
      return (await writable(dir)) ? null : `cannot be created: permission denied in ${dir}`
    }
    const up = dirname(dir)
    if (up === dir) return 'cannot be created'
    dir = up
  }
}

/** A folder an export fills (created, with the folders above it, when missing). */
export async function outputFolderProblem(path: string): Promise<string | null> {
  const info = await statOrNull(path)
  if (!info) return creatableUnder(path)
  if (!info.isDirectory()) return 'is a file, not a folder'
  return (await writable(path)) ? null : 'permission denied'
}

/**
 * A file a command writes whole (replacing it). `createFolders`: the folders above it are made
 * when missing, as the JSONL export does; otherwise its folder must exist, as for a shell's `>`.
 */
export async function outputFileProblem(
  path: string,
  createFolders: boolean
): Promise<string | null> {
  const info = await statOrNull(path)
  if (info?.isDirectory()) return 'is a folder, not a file'
  const dir = dirname(resolve(path))
  const parent = await statOrNull(dir)
  if (!parent) return createFolders ? creatableUnder(dir) : `no such folder ${dir}`
  if (!parent.isDirectory()) return `${dir} is a file, not a folder`
  return (await writable(dir)) ? null : `permission denied in ${dir}`
}

/**
 * A write that failed after the checks, as its one line: the path the system names, else the
 * target, and the reason in words.
 */
export function writeFailure(error: unknown, target: string): string {
  const { path, code } = (error ?? {}) as NodeJS.ErrnoException
  const reason = (code && WRITE_ERRORS[code]) ?? fileErrorReason(error)
  return `recto: ${path ?? target}: ${reason}\n`
}

const WRITE_ERRORS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  ENOTDIR: 'a folder in the path is a file',
  EEXIST: 'is a file, not a folder'
}

/** An error of the file system (it has an errno code), as opposed to a fault of Recto's. */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).errno === 'number'
}

/**
 * A project a command writes to (ingest): SQLite needs to write the file and, for its -wal and
 * -shm files, the folder it is in, which it would only report as "unable to open database file".
 */
export async function projectProblem(path: string): Promise<string | null> {
  // A PostgreSQL project's problems are the server's to tell, when it is opened.
  if (isPostgresUrl(path)) return null
  const info = await statOrNull(path)
  if (info?.isDirectory()) return 'is a folder, not a database file'
  const dir = dirname(resolve(path))
  const parent = await statOrNull(dir)
  if (!parent) return `no such folder ${dir}`
  if (!parent.isDirectory()) return `${dir} is a file, not a folder`
  if (!(await writable(dir))) {
    return `permission denied: the folder ${dir} is read-only (SQLite writes its journal there)`
  }
  if (info) {
    try {
      await access(path, constants.R_OK | constants.W_OK)
    } catch {
      return 'permission denied: the file is read-only'
    }
  }
  return null
}

/**
 * Writes a file whole or not at all: into a hidden temp file beside it, renamed over it once
 * complete, so a full disk or a kill leaves the earlier file (or none), never half of one.
 */
export async function writeWhole(path: string, data: string | Uint8Array): Promise<void> {
  const target = resolve(path)
  const temp = join(dirname(target), `.${basename(target)}.partial-${process.pid}`)
  try {
    await writeFile(temp, data, { flush: true })
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

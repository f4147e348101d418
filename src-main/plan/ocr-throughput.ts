import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { z } from 'zod'
import type { BackendName } from '../ocr/backend-names.js'
import { createBackend } from '../ocr/backends.js'
import { OCR_DPI } from '../ocr/cascade.js'
import { recognizePage } from '../ocr/recognize-page.js'
import { configDir } from '../settings/user-config.js'

/** How long OCR takes a page on this machine, with one backend, and where that was seen. */
export const Throughput = z.strictObject({
  backend: z.string(),
  secondsPerPage: z.number().positive(),
  measured: z.string()
})
export type Throughput = z.infer<typeof Throughput>

const Stored = z.record(z.string(), Throughput)

const storeFile = (): string => join(configDir(), 'ocr-throughput.json')

async function readStore(): Promise<Record<string, Throughput>> {
  try {
    return Stored.parse(JSON.parse(await readFile(storeFile(), 'utf8')))
  } catch {
    // Missing, or written by hand into something else: measured again and written anew.
    return {}
  }
}

/** The throughput measured earlier on this machine for the backend, if any. */
export async function storedThroughput(backend: string): Promise<Throughput | null> {
  return (await readStore())[backend] ?? null
}

/**
 * Measures OCR of one real page that needs it (rendered at the cascade's 300 dpi and read as the
 * OCR job reads it, the engine's start included, so the estimate errs high by that much) and
 * stores it for the next plans and the Library. Once per machine and backend: a page takes
 * seconds, and the figure changes only with the machine.
 */
export async function measureThroughput(
  backend: BackendName,
  file: string,
  pageNo: number,
  languages: readonly string[] = ['eng']
): Promise<Throughput> {
  const engine = createBackend(backend)
  const started = performance.now()
  try {
    await recognizePage(engine, {
      file,
      pageNo,
      regions: null,
      languages,
      hint: null,
      dpi: OCR_DPI
    })
  } finally {
    await engine.close()
  }
  const seconds = (performance.now() - started) / 1000
  const throughput: Throughput = {
    backend,
    secondsPerPage: Math.max(0.01, Math.round(seconds * 100) / 100),
    measured: `${new Date().toISOString().slice(0, 10)} on ${basename(file)} page ${pageNo}`
  }
  const store = { ...(await readStore()), [backend]: throughput }
  await mkdir(dirname(storeFile()), { recursive: true })
  const temp = `${storeFile()}.${process.pid}.tmp`
  await writeFile(temp, JSON.stringify(store, null, 2) + '\n')
  await rename(temp, storeFile())
  return throughput
}

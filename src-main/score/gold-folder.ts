import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { MANIFEST_FILE, parseManifest, type ManifestLine } from '../export/manifest.js'

/** One `<name>.pdf` + `<name>.txt` pair of a gold folder. */
export type GoldEntry = Readonly<{
  name: string
  pdf: string
  /** The gold transcription, BOM removed. */
  text: string
  /** Provenance when Recto exported the folder; null for a hand-made entry. */
  manifest: ManifestLine | null
}>

export type GoldFolder = Readonly<{
  entries: readonly GoldEntry[]
  /** PDFs that have no transcription beside them. */
  withoutText: readonly string[]
}>

export function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text
}

/** Reads every pair of the folder, in name order; any folder of pairs works, exported or not. */
export async function readGoldFolder(dir: string): Promise<GoldFolder> {
  const names = new Set(await readdir(dir))
  let manifest: ManifestLine[] = []
  if (names.has(MANIFEST_FILE)) {
    manifest = parseManifest(await readFile(join(dir, MANIFEST_FILE), 'utf8'))
  }
  const byEntry = new Map(manifest.map((line) => [line.entry, line]))
  const entries: GoldEntry[] = []
  const withoutText: string[] = []
  const pdfs = [...names].filter((n) => n.toLowerCase().endsWith('.pdf') && !n.startsWith('.'))
  for (const file of pdfs.sort()) {
    const name = file.slice(0, -4)
    if (!names.has(`${name}.txt`)) {
      withoutText.push(file)
      continue
    }
    const text = stripBom(await readFile(join(dir, `${name}.txt`), 'utf8'))
    entries.push({ name, pdf: join(dir, file), text, manifest: byEntry.get(name) ?? null })
  }
  return { entries, withoutText }
}

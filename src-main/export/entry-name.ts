/**
 * A stem's bytes at most: with a hash, a page number, an extension and a temp suffix the whole
 * name stays far below the 255 bytes of a file name on every file system.
 */
const MAX_STEM_BYTES = 120

/** Names Windows keeps for devices, whatever the extension (`CON.pdf` is the console). */
const DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\.|$)/iu

/**
 * A file-name stem from a document name that cannot leave the export folder or hide in it: any
 * directory part is dropped, everything but letters, digits, `.`, `_` and `-` becomes `-`, and
 * leading dots go (no `..`, no hidden files). What is left is never empty, never a Windows
 * device name, and at most 80 characters and 120 bytes of UTF-8.
 */
export function safeStem(documentName: string): string {
  const base = documentName.split(/[\\/]/u).pop() ?? ''
  const stem = base
    .replace(/\.pdf$/iu, '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/-{2,}/gu, '-')
    .replace(/^[.-]+|[.-]+$/gu, '')
  const kept: string[] = []
  let bytes = 0
  for (const char of [...stem].slice(0, 80)) {
    bytes += Buffer.byteLength(char)
    if (bytes > MAX_STEM_BYTES) break
    kept.push(char)
  }
  const short = kept.join('').replace(/[.-]+$/gu, '') || 'document'
  return DEVICE_NAME.test(short) ? `_${short}` : short
}

/**
 * Stems for every document of a project. Two documents whose names clean up to the same stem
 * (compared case-blind, for case-insensitive file systems) both get the first 8 hex digits of
 * their SHA-256 appended, so neither entry overwrites the other.
 */
export function documentStems(
  documents: readonly Readonly<{ id: number; name: string; sha256: string }>[]
): Map<number, string> {
  const groups = new Map<string, number>()
  const stems = documents.map((d) => ({ ...d, stem: safeStem(d.name) }))
  for (const d of stems) {
    const key = d.stem.toLowerCase()
    groups.set(key, (groups.get(key) ?? 0) + 1)
  }
  return new Map(
    stems.map((d) => [
      d.id,
      (groups.get(d.stem.toLowerCase()) ?? 0) > 1 ? `${d.stem}-${d.sha256.slice(0, 8)}` : d.stem
    ])
  )
}

/** `<stem>-p<NNN>`: page numbers padded to three digits, so entries sort in page order. */
export function pageEntryName(stem: string, page: number): string {
  return `${stem}-p${String(page).padStart(3, '0')}`
}

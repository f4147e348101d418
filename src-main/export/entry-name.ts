/**
 * A file-name stem from a document name that cannot leave the export folder or hide in it: any
 * directory part is dropped, everything but letters, digits, `.`, `_` and `-` becomes `-`, and
 * leading dots go (no `..`, no hidden files). What is left is never empty.
 */
export function safeStem(documentName: string): string {
  const base = documentName.split(/[\\/]/u).pop() ?? ''
  const stem = base
    .replace(/\.pdf$/iu, '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/-{2,}/gu, '-')
    .replace(/^[.-]+|[.-]+$/gu, '')
  return [...stem].slice(0, 80).join('') || 'document'
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

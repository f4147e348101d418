/**
 * Text as the store keeps it, on either engine: PostgreSQL's `text` cannot hold U+0000 and
 * SQLite's can, so both keep it as U+FFFD, the character a text without a meaning for a glyph
 * already reads as (the unmapped-glyph checks count it). One character for one, so a span's
 * character edges still line up; and a NUL never reaches an export, where the programs reading
 * it take it for the end of the string.
 */
export function storedText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\ufffd') : text
}

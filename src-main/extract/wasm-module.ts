/**
 * MuPDF's Emscripten loader fills the object it finds at this global with the raw WASM exports.
 * Evaluated before 'mupdf' (see mupdf.ts), it gives the page reader direct access to the
 * structured-text nodes: MuPDF's own walk() allocates a Font wrapper per character (half the
 * extraction time) and truncates characters beyond the BMP.
 */
const key = '$libmupdf_wasm_Module'
const scope = globalThis as unknown as Record<string, unknown>
scope[key] ??= {}

export const wasmModule = scope[key] as Record<string, unknown>

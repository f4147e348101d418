import { readFile } from 'node:fs/promises'

/**
 * MuPDF's Emscripten loader fills the object it finds at this global with the raw WASM exports.
 * Set before 'mupdf' is imported (see mupdf.ts), it gives the page reader direct access to the
 * structured-text nodes: MuPDF's own walk() allocates a Font wrapper per character (half the
 * extraction time) and truncates characters beyond the BMP.
 */
const key = '$libmupdf_wasm_Module'
const scope = globalThis as unknown as Record<string, unknown>

let compiling: Promise<WebAssembly.Module> | undefined

/**
 * Reads and compiles MuPDF's 10 MB of WASM off the main thread (the read on libuv's pool, the
 * compile on V8's), once a process. A command that will read PDFs calls it before it loads its
 * modules, so the two overlap instead of adding up at start-up.
 */
export function compileMupdf(): Promise<WebAssembly.Module> {
  compiling ??= readFile(new URL('mupdf-wasm.wasm', import.meta.resolve('mupdf'))).then((binary) =>
    WebAssembly.compile(binary)
  )
  return compiling
}

/**
 * The loader's object, filled with the exports of an instance of the compiled module. A second
 * copy of this module in the process (the command line's bundle beside the engine's own files,
 * as a test's preload loads them) finds the object filled and shares MuPDF with the first.
 */
export async function mupdfModule(): Promise<Record<string, unknown>> {
  if (scope[key] === undefined) {
    const module = await compileMupdf()
    type Receive = (instance: WebAssembly.Instance, module: WebAssembly.Module) => void
    const instantiateWasm = (imports: WebAssembly.Imports, receive: Receive): object => {
      receive(new WebAssembly.Instance(module, imports), module)
      return {}
    }
    scope[key] ??= { instantiateWasm }
  }
  return scope[key] as Record<string, unknown>
}

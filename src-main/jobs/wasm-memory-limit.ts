const WASM_PAGE = 65536

export type WasmMemoryLimit = Readonly<{
  limitBytes: number
  /** True once an allocation was refused: MuPDF's heap is at the limit and the thread is spent. */
  exceeded: () => boolean
  /** Bytes of the largest WebAssembly memory seen growing in this thread. */
  bytes: () => number
}>

/**
 * Bounds the WebAssembly memory of the calling thread. MuPDF's heap is WASM memory, which V8's
 * `resourceLimits` do not cover; Emscripten grows it from JS through `Memory.prototype.grow`
 * and treats a throw as "out of memory", so refusing to grow past the limit makes MuPDF's malloc
 * fail and the current call throw, instead of the heap climbing to 2 GB. Install it before the
 * WASM module is loaded.
 */
export function limitWasmMemory(limitBytes: number): WasmMemoryLimit {
  const grow = WebAssembly.Memory.prototype.grow
  let exceeded = false
  let largest = 0
  WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, delta: number): number {
    const next = this.buffer.byteLength + delta * WASM_PAGE
    if (next > limitBytes) {
      exceeded = true
      throw new RangeError(`WebAssembly memory limit of ${limitBytes} bytes reached`)
    }
    const previous = grow.call(this, delta)
    largest = Math.max(largest, this.buffer.byteLength)
    return previous
  }
  return { limitBytes, exceeded: () => exceeded, bytes: () => largest }
}

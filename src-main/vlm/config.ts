import { z } from 'zod'

/**
 * What a user writes to let Recto send pages to a vision-language model: the `vlm` part of the
 * pricing file `recto plan` reads (vlm/pricing.ts), so the estimate and the run price the same
 * model under the same scheme. Any server of the OpenAI-compatible chat-completions protocol
 * serves: vLLM, llama.cpp's server, Ollama, hosted APIs. The key is never written here, only the
 * name of the environment variable that holds it, so a project or a shared config file never
 * carries a secret.
 */
export const VlmConfig = z.strictObject({
  /** The API's base address; requests go to `<endpoint>/chat/completions`. */
  endpoint: z.url({ protocol: /^https?$/u }),
  model: z.string().min(1),
  /** The environment variable holding the API key, sent as a bearer token; none for a local server. */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/u, 'an environment variable name')
    .optional(),
  /** The instruction sent with each page image; Recto's own by default (vlm/prompt.ts). */
  prompt: z.string().min(1).optional(),
  /** The page is rendered at this resolution, then scaled so its longer side is at most `maxSide`. */
  dpi: z.number().positive().max(600).default(150),
  maxSide: z.int().min(256).max(8192).default(1600),
  /** Pages asked at once. */
  concurrency: z.int().min(1).max(32).default(2),
  /** Seconds one request may take before it is abandoned and tried again. */
  timeoutSeconds: z.number().positive().max(3600).default(120),
  /** Tries after the first, for timeouts, 429 and 5xx answers; each waits twice the one before. */
  retries: z.int().min(0).max(10).default(3),
  /** Milliseconds before the first retry (a 429's Retry-After, where given, wins). */
  backoffMs: z.int().min(0).max(600_000).default(2000),
  maxTokens: z.int().positive().max(100_000).default(4096),
  /** The pricing scheme (by name) the run's tokens are charged at; the file's first by default. */
  scheme: z.string().min(1).optional(),
  /**
   * Which pages go to the model: OCR'd pages whose mean confidence is under this, as well as
   * pages OCR read nothing usable of, or could not read at all.
   */
  minOcrConfidence: z.number().min(0).max(100).default(75),
  /**
   * Whether the model's text counts as checked: false (the default) leaves every page it read
   * for a reviewer (`vlm_text` is a warning); true makes the flag a note.
   */
  trusted: z.boolean().default(false)
})
export type VlmConfig = z.infer<typeof VlmConfig>

/** The key for the configured endpoint, read from the environment at the moment of the request. */
export function apiKey(config: VlmConfig): string | undefined {
  if (config.apiKeyEnv === undefined) return undefined
  const key = process.env[config.apiKeyEnv]
  return key === undefined || key === '' ? undefined : key
}

/** Where pages go, as a person can check it: scheme, host and path, never a query or credentials. */
export function destination(config: VlmConfig): string {
  const url = new URL(config.endpoint)
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/u, '')}`
}

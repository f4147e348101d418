import { hashFile, type InputFile } from '../extract/input-files.js'

export type HashedFile = Readonly<{ file: InputFile } & ({ sha256: string } | { error: unknown })>

/** Files hashed at a time: their reads overlap in libuv's threads while this thread hashes. */
const IN_FLIGHT = 8
const LARGEST_BATCH = 256

/**
 * The files with their SHA-256 (or why they could not be read), in the order given, in batches
 * for the caller to record one transaction a batch: a transaction a file cost 0.4 ms each, most
 * of the time a run of 2,000 small files spent before its first page. Batches grow from one
 * file, so the first document is known, and a worker starts, after one hash.
 */
export async function* hashedBatches(
  files: readonly InputFile[]
): AsyncGenerator<readonly HashedFile[]> {
  const hashes: Promise<HashedFile>[] = []
  const hashAhead = (upTo: number) => {
    for (let i = hashes.length; i < Math.min(upTo, files.length); i++) {
      const file = files[i]!
      hashes.push(
        hashFile(file).then(
          (sha256) => ({ file, sha256 }),
          (error: unknown) => ({ file, error })
        )
      )
    }
  }
  let size = 1
  for (
    let start = 0;
    start < files.length;
    start += size, size = Math.min(2 * size, LARGEST_BATCH)
  ) {
    const batch: HashedFile[] = []
    for (let i = start; i < Math.min(start + size, files.length); i++) {
      hashAhead(i + IN_FLIGHT)
      batch.push(await hashes[i]!)
    }
    yield batch
  }
}

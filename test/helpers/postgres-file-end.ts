import { afterAll } from 'vitest'
import { closePostgresProjects } from './postgres-db.js'

// The postgres project's workers run file after file in one process (isolate: false): what a
// file's tests left open is closed as the file ends, so connections and threads do not pile up.
afterAll(closePostgresProjects)

import type { WritableDB } from '../db.js'

/**
 * Reviewer accounts for a team on one project. A password is kept only as its scrypt hash with a
 * salt of its own; a session only as the SHA-256 of its random token, so neither a copy of the
 * database nor its log gives a way in. A disabled account keeps its row: its name stays on the
 * revisions it signed.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      role TEXT NOT NULL CHECK (role IN ('reviewer', 'admin')),
      password_hash TEXT NOT NULL,
      created_at TEXT NOT NULL,
      disabled_at TEXT
    ) STRICT;

    CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX sessions_user ON sessions (user_id);
  `)
}

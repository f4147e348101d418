-- index audit_log_at
CREATE INDEX audit_log_at ON audit_log (at);

-- index claims_user
CREATE INDEX claims_user ON claims (user_id);

-- index document_font_programs_program
CREATE INDEX document_font_programs_program ON document_font_programs (program, document_id);

-- index document_paths_path
CREATE INDEX document_paths_path ON document_paths (path);

-- index documents_status
CREATE INDEX documents_status ON documents (status);

-- index flags_rank
CREATE INDEX flags_rank ON flags (code, page_rank, document_id, page_no);

-- index flags_status_rank
CREATE INDEX flags_status_rank ON flags (code, page_status, page_rank, document_id, page_no);

-- index pages_decision_rank
CREATE INDEX pages_decision_rank ON pages (decision, rank, document_id, page_no);

-- index pages_decision_status_rank
CREATE INDEX pages_decision_status_rank ON pages (decision, status, rank, document_id, page_no);

-- index pages_document_review
CREATE INDEX pages_document_review ON pages (document_id, worst_severity, decision, status);

-- index pages_rank
CREATE INDEX pages_rank ON pages (rank, document_id, page_no);

-- index pages_status_rank
CREATE INDEX pages_status_rank ON pages (status, rank, document_id, page_no);

-- index revisions_by_batch
CREATE INDEX revisions_by_batch ON revisions (batch_id) WHERE batch_id IS NOT NULL;

-- index revisions_page
CREATE INDEX revisions_page ON revisions (document_id, page_no, id);

-- index sessions_user
CREATE INDEX sessions_user ON sessions (user_id);

-- index vlm_usage_by_page
CREATE INDEX vlm_usage_by_page ON vlm_usage (document_id, page_no);

-- table audit_log
CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      actor TEXT NOT NULL,
      action TEXT NOT NULL,
      document_id INTEGER,
      page_no INTEGER,
      detail TEXT NOT NULL
    ) STRICT;

-- table batches
CREATE TABLE batches (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('teach', 'replace')),
      label TEXT NOT NULL,
      author TEXT NOT NULL,
      created_at TEXT NOT NULL,
      example_document_id INTEGER,
      example_page_no INTEGER,
      example_revision_id INTEGER,
      undone_at TEXT
    ) STRICT;

-- table claims
CREATE TABLE claims (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      claimed_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      PRIMARY KEY (document_id, page_no),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;

-- table document_font_programs
CREATE TABLE document_font_programs (
      document_id INTEGER NOT NULL REFERENCES documents (id),
      program TEXT NOT NULL,
      PRIMARY KEY (document_id, program)
    ) STRICT;

-- table document_paths
CREATE TABLE document_paths (
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      path TEXT NOT NULL,
      seen_at TEXT NOT NULL,
      PRIMARY KEY (document_id, path)
    ) STRICT;

-- table documents
CREATE TABLE documents (
      id INTEGER PRIMARY KEY,
      sha256 TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      path TEXT NOT NULL,
      bytes INTEGER NOT NULL,
      page_count INTEGER,
      title TEXT,
      tagged INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL CHECK (status IN ('pending', 'ingesting', 'done', 'error')),
      error TEXT,
      added_at TEXT NOT NULL,
      ingested_at TEXT
    ) STRICT;

-- table double_keyed_pages
CREATE TABLE double_keyed_pages (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      required_at TEXT NOT NULL,
      agreement_cer REAL,
      adjudicated_revision INTEGER REFERENCES revisions(id) ON DELETE SET NULL,
      PRIMARY KEY (document_id, page_no),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;

-- table extracted_pages
CREATE TABLE extracted_pages (
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_no INTEGER NOT NULL,
      width REAL NOT NULL,
      height REAL NOT NULL,
      rotation INTEGER NOT NULL,
      chars INTEGER NOT NULL,
      raw_text TEXT NOT NULL,
      digest TEXT NOT NULL,
      layout BLOB NOT NULL,
      PRIMARY KEY (document_id, page_no)
    ) STRICT;

-- table flags
CREATE TABLE flags (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      code TEXT NOT NULL,
      severity TEXT NOT NULL CHECK (severity IN ('info', 'warn', 'error')),
      message TEXT NOT NULL,
      evidence TEXT NOT NULL,
      page_status TEXT NOT NULL,
      page_rank REAL NOT NULL,
      PRIMARY KEY (document_id, page_no, code),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;

-- table font_map_codes
CREATE TABLE font_map_codes (
      program TEXT NOT NULL REFERENCES font_programs (id),
      code INTEGER NOT NULL,
      text TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('ocr', 'reviewer', 'edited')),
      votes INTEGER NOT NULL,
      seen INTEGER NOT NULL,
      glyph BLOB,
      PRIMARY KEY (program, code)
    ) STRICT;

-- table font_programs
CREATE TABLE font_programs (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      code_width INTEGER NOT NULL CHECK (code_width IN (1, 2)),
      lines_read INTEGER NOT NULL DEFAULT 0,
      updated_at TEXT NOT NULL
    ) STRICT;

-- table keyings
CREATE TABLE keyings (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      seq INTEGER NOT NULL CHECK (seq IN (1, 2)),
      keyer TEXT NOT NULL,
      text TEXT NOT NULL,
      keyed_at TEXT NOT NULL,
      PRIMARY KEY (document_id, page_no, seq),
      UNIQUE (document_id, page_no, keyer),
      FOREIGN KEY (document_id, page_no)
        REFERENCES double_keyed_pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;

-- table pages
CREATE TABLE pages (
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_no INTEGER NOT NULL,
      width REAL NOT NULL,
      height REAL NOT NULL,
      rotation INTEGER NOT NULL,
      chars INTEGER NOT NULL,
      decision TEXT NOT NULL CHECK (decision IN ('ok', 'review', 'ocr')),
      quality REAL NOT NULL,
      worst_severity INTEGER NOT NULL CHECK (worst_severity BETWEEN 0 AND 3),
      status TEXT NOT NULL DEFAULT 'unreviewed'
        CHECK (status IN ('unreviewed', 'approved', 'corrected', 'rejected', 'ocr')),
      rank REAL GENERATED ALWAYS AS ((3 - worst_severity) * 2 + quality) VIRTUAL,
      auto_order TEXT NOT NULL,
      roles TEXT NOT NULL,
      text TEXT NOT NULL,
      raw_text TEXT NOT NULL,
      digest TEXT NOT NULL,
      -- Last: SQLite reads a row's columns in order, so the big blob sits where queue reads
      -- never have to walk its overflow pages.
      layout BLOB NOT NULL,
      PRIMARY KEY (document_id, page_no)
    ) STRICT;

-- table pdf_files
CREATE TABLE pdf_files (
      sha256 TEXT PRIMARY KEY,
      bytes BLOB NOT NULL,
      stored_at TEXT NOT NULL
    ) STRICT;

-- table revisions
CREATE TABLE revisions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      author TEXT NOT NULL,
      action TEXT NOT NULL,
      block_order TEXT NOT NULL,
      excluded TEXT NOT NULL,
      block_text TEXT NOT NULL,
      text TEXT NOT NULL,
      status TEXT NOT NULL
        CHECK (status IN ('unreviewed', 'approved', 'corrected', 'rejected', 'ocr')), structure TEXT, batch_id INTEGER REFERENCES batches(id),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;

-- table sessions
CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL
    ) STRICT;

-- table sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table text_layers
CREATE TABLE text_layers (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      text TEXT NOT NULL,
      layout BLOB NOT NULL,
      PRIMARY KEY (document_id, page_no),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT
  ;

-- table users
CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      role TEXT NOT NULL CHECK (role IN ('reviewer', 'admin')),
      password_hash TEXT NOT NULL,
      created_at TEXT NOT NULL,
      disabled_at TEXT
    ) STRICT;

-- table vlm_usage
CREATE TABLE vlm_usage (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      run TEXT NOT NULL,
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_no INTEGER NOT NULL,
      model TEXT NOT NULL,
      outcome TEXT NOT NULL CHECK (outcome IN ('read', 'failed')),
      reason TEXT,
      input_tokens INTEGER NOT NULL,
      output_tokens INTEGER NOT NULL,
      cost REAL NOT NULL,
      currency TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;

-- trigger pages_mirror_into_flags
CREATE TRIGGER pages_mirror_into_flags AFTER UPDATE OF status, worst_severity, quality ON pages
    BEGIN
      UPDATE flags SET page_status = NEW.status, page_rank = NEW.rank
        WHERE document_id = NEW.document_id AND page_no = NEW.page_no;
    END;

-- trigger revisions_append_only
CREATE TRIGGER revisions_append_only BEFORE UPDATE ON revisions
    BEGIN
      SELECT RAISE(ABORT, 'revisions are append-only');
    END;

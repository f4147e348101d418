"""PyMuPDF's get_text(sort=True) over every PDF of a folder, as `npm run bench` times it.

Usage: /usr/bin/python3 scripts/bench-pymupdf.py <folder>
Prints one JSON line: pages read, CPU seconds and peak RSS (kB) of the whole process.
"""

import json
import os
import resource
import sys


def main():
    import fitz

    folder = sys.argv[1]
    pages = 0
    for name in sorted(os.listdir(folder)):
        if not name.lower().endswith(".pdf"):
            continue
        try:
            with fitz.open(os.path.join(folder, name)) as doc:
                if doc.needs_pass and not doc.authenticate(""):
                    continue
                for page in doc:
                    page.get_text(sort=True)
                    pages += 1
        except Exception:  # a file PyMuPDF cannot read counts no pages, as in the ingest
            pass
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime
    print(json.dumps({"pages": pages, "cpuMs": cpu * 1000, "maxRssKb": usage.ru_maxrss}))


if __name__ == "__main__":
    main()

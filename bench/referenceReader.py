"""The reference reader for `npm run bench -- extract`: recipe-scrapers' generic mode over saved pages.

Run by the bench when LADLE_BENCH_REFERENCE names a Python with recipe-scrapers installed
(`LADLE_BENCH_REFERENCE=/path/to/python npm run bench -- extract`). Prints the seconds spent
reading pages, start-up excluded, and the CPU seconds, so the bench can compare pages/s of work.
"""

import inspect
import sys
import time

from recipe_scrapers import scrape_html

# recipe-scrapers 15 reads unknown sites only when told (supported_only=False); 14 (Debian's
# python3-recipe-scrapers) always falls back to its generic "wild mode" and takes no such option.
OPTIONS = {"supported_only": False} if "supported_only" in inspect.signature(scrape_html).parameters else {}

start = time.perf_counter()
cpu = time.process_time()
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        html = f.read().decode("utf-8", errors="replace")
    try:
        s = scrape_html(html, org_url="https://bench.test/r", **OPTIONS)
        for field in ("title", "ingredients", "instructions_list", "yields", "image"):
            try:
                getattr(s, field)()
            except Exception:
                pass
    except Exception:
        pass
# Wall seconds, then CPU seconds (the machine may be shared: CPU time compares without the neighbours).
print(f"{time.perf_counter() - start:.3f} {time.process_time() - cpu:.3f}")

#!/usr/bin/env python3
"""Adds message keys to every server locale file.

Usage: scripts/i18n_add.py additions.json
where additions.json is {"key": {"en": "...", "zh": "...", ... all 16 tags}}.
Refuses additions that lack a language, so no file falls behind."""
import json, sys, pathlib

TAGS = ["en","zh","ja","fr","de","es","it","pt","ru","tr","ar","he","id","ko","th","vi"]
root = pathlib.Path(__file__).resolve().parent.parent / "internal/i18n/locales"
adds = json.load(open(sys.argv[1], encoding="utf-8"))
for key, tr in adds.items():
    missing = [t for t in TAGS if not tr.get(t)]
    if missing:
        sys.exit(f"{key}: missing {missing}")
for tag in TAGS:
    p = root / f"{tag}.json"
    d = json.loads(p.read_text(encoding="utf-8"))
    for key, tr in adds.items():
        d[key] = tr[tag]
    p.write_text(json.dumps(d, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
print(f"added {len(adds)} keys to {len(TAGS)} files")

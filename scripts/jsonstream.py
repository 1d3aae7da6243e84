"""scripts/jsonstream.py: the JSON documents of a file that holds several one after another
(`spmvp bench --json` appended per matrix), optionally gzip-compressed."""
import gzip
import json


def documents(path):
    text = (gzip.open(path, "rt") if path.endswith(".gz") else open(path)).read()
    dec, i = json.JSONDecoder(), 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return
        doc, i = dec.raw_decode(text, i)
        yield doc

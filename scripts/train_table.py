"""train_table.py: the training tables of `spmvp train` (TSV: comment lines, a header, a row a
configuration) read and written for the scripts that rework them (setup_refill.py,
anchor_rows.py, keep_setup.py): gzip-compressed where the name ends in .gz, comment lines kept, and written
through a temporary file renamed into place, so that a failed run leaves the table whole.
Standard library only."""
import gzip
import os
import sys

KEY = ("matrix", "precision", "format", "mapping")  # what names a row in its table


def key_of(hdr):
    """A function giving a row (a list, as read returns it) of a table with header hdr its KEY
    tuple; hdr must have KEY's columns (read's `need`)."""
    col = [hdr.index(c) for c in KEY]
    return lambda row: tuple(row[i] for i in col)


def opener(path, mode):
    return gzip.open(path, mode + "t") if path.endswith(".gz") else open(path, mode)


def read(path, need, who):
    """(comment lines, header, rows as lists) of the table at path. A one-line error from `who`
    naming the table where it cannot be read, has no header, lacks one of the columns `need`,
    or has a row whose fields do not match the header. Blank lines are passed over."""
    com, hdr, rows = [], None, []
    try:
        with opener(path, "r") as f:
            for n, line in enumerate(f, 1):
                if line.startswith("#"):
                    com.append(line)
                    continue
                if not line.strip("\n"):
                    continue
                p = line.rstrip("\n").split("\t")
                if hdr is None:
                    hdr = p
                elif len(p) != len(hdr):
                    sys.exit(f"{who}: {path}:{n}: {len(p)} fields, the header has {len(hdr)}")
                else:
                    rows.append(p)
    except OSError as e:
        sys.exit(f"{who}: {path}: {e.strerror or e}")
    except UnicodeDecodeError as e:
        sys.exit(f"{who}: {path}: {e}")
    if hdr is None:
        sys.exit(f"{who}: {path}: no header line")
    missing = [c for c in need if c not in hdr]
    if missing:
        sys.exit(f"{who}: {path}: no column {missing[0]}")
    return com, hdr, rows


def write(path, com, hdr, rows):
    """The table to path through path.tmp (.gz kept last, so it is compressed alike)."""
    tmp = path + ".tmp" + (".gz" if path.endswith(".gz") else "")
    with opener(tmp, "w") as o:
        o.writelines(com)
        o.write("\t".join(hdr) + "\n")
        for p in rows:
            o.write("\t".join(p) + "\n")
    os.replace(tmp, path)

"""Rotate and compress application logs older than a week."""
import gzip
from pathlib import Path


def rotate(directory: Path, days: int = 7) -> int:
    """Gzip every .log file older than `days` and return how many were compressed."""
    count = 0
    for log in directory.glob("*.log"):
        with open(log, "rb") as src, gzip.open(f"{log}.gz", "wb") as dst:
            dst.write(src.read())
        log.unlink()
        count += 1
    return count

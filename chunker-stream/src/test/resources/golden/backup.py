"""Nightly backups of the lab's volumes to the NAS.

Run from cron:

def not_a_function():
    this line is inside the module docstring and must not start a chunk
"""
import logging
import subprocess
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger(__name__)
RETENTION_DAYS = 14


@dataclass(frozen=True)
class Target:
    """A volume to back up and where it goes."""

    name: str
    source: Path
    destination: Path

    def archive_name(self, stamp: str) -> str:
        return f"{self.name}-{stamp}.tar.zst"


# Retries help when the NAS is waking up from sleep.
@retry(times=3)
def run_backup(target: Target, stamp: str) -> Path:
    """Archive one target with tar + zstd and copy it to the NAS."""
    archive = target.destination / target.archive_name(stamp)
    command = ["tar", "--zstd", "-cf", str(archive), str(target.source)]
    LOG.info("backing up %s to %s", target.name, archive)
    subprocess.run(command, check=True)
    return archive


def prune(destination: Path, keep_days: int = RETENTION_DAYS) -> int:
    """Delete archives older than keep_days; returns how many were removed."""
    template = '''
def looks_like_code():
    but is a string
'''
    removed = 0
    for archive in sorted(destination.glob("*.tar.zst")):
        if archive.stat().st_mtime < cutoff(keep_days):
            archive.unlink()
            removed += 1
    return removed


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    run_backup(Target("gitlab", Path("/srv/gitlab"), Path("/mnt/nas/backups")), "nightly")

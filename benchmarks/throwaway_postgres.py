"""A throwaway PostgreSQL server on 127.0.0.1, as `.ci/run` starts one, for benchmarks and trying
several bot processes locally without installing a service or using containers.

It uses the distribution's server binaries (`apt-get install postgresql` on Debian/Ubuntu; the
newest `/usr/lib/postgresql/*/bin`, else `initdb`/`pg_ctl` on the PATH), creates a data folder
in a temporary directory, trusts local connections from user `gm`, and removes everything when
stopped. Run as root, the server runs as the `postgres` user (PostgreSQL refuses root).

    python benchmarks/throwaway_postgres.py          # prints DATABASE_URL=..., stops on Ctrl-C
    python benchmarks/throwaway_postgres.py --fast   # fsync off, as CI runs its tests

`--fast` (fsync and full-page writes off) is for tests only: a power cut could corrupt it.
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path


def bindir() -> Path | None:
    """The newest installed server's binaries, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: [int(x) for x in Path(p).parent.name.split(".") if x.isdigit()],
        reverse=True,
    )
    for folder in found:
        if os.access(Path(folder) / "initdb", os.X_OK) and os.access(Path(folder) / "pg_ctl", os.X_OK):
            return Path(folder)
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    return Path(initdb).parent if initdb and pg_ctl else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    folder: Path
    stop_command: list[str] = field(repr=False)

    def stop(self) -> None:
        subprocess.run(self.stop_command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def start(*, fast: bool = False, max_connections: int = 200, database: str = "gm") -> Server:
    """Start a server; raise RuntimeError saying what is missing when that is not possible."""
    binaries = bindir()
    if binaries is None:
        raise RuntimeError("PostgreSQL's server is not installed: `sudo apt-get install postgresql` "
                           "(or your distribution's package), then run this again")
    run_as: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="gm-pg-"))
    if os.geteuid() == 0:  # the server refuses to run as root
        if subprocess.run(["id", "-u", "postgres"], capture_output=True).returncode != 0:
            subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"],
                           check=True)
        shutil.chown(folder, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = folder / "data"
    initdb = subprocess.run([*run_as, str(binaries / "initdb"), "-D", str(data), "-U", "gm", "-A", "trust",
                             "--no-sync", "-E", "UTF8"], cwd=folder, capture_output=True, text=True)
    if initdb.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {initdb.stderr.strip()}")
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections={max_connections}"
    if fast:
        options += " -c fsync=off -c full_page_writes=off"
    pg_ctl = [*run_as, str(binaries / "pg_ctl"), "-D", str(data)]
    started = subprocess.run([*pg_ctl, "-l", str(folder / "server.log"), "-w", "-t", "60", "start", "-o", options],
                             cwd=folder, capture_output=True, text=True)
    if started.returncode != 0:
        log = (folder / "server.log").read_text(errors="replace") if (folder / "server.log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"the server did not start: {started.stderr.strip()} {log[-1000:]}")
    server = Server(f"postgresql://gm@127.0.0.1:{port}/{database}", folder, [*pg_ctl, "-m", "fast", "-w", "stop"])
    created = subprocess.run([str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "gm", database],
                             capture_output=True, text=True)
    if created.returncode != 0:
        server.stop()
        raise RuntimeError(f"createdb failed: {created.stderr.strip()}")
    return server


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fast", action="store_true", help="fsync off (tests only)")
    args = ap.parse_args()
    try:
        server = start(fast=args.fast)
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"DATABASE_URL={server.url}", flush=True)
    print("(Ctrl-C stops the server and deletes its data)", file=sys.stderr, flush=True)
    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGTERM, interrupt)
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A headless Chromium driven through chromedriver's W3C WebDriver HTTP API (stdlib only).

Enough for a test to load a page and ask the browser what it shows: run a script in the
page, take a screenshot. `find()` says why no browser can be had, for a clear skip.
"""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def find() -> tuple[str | None, str | None, str]:
    """(chromium, chromedriver, why-not): paths, or Nones and the reason."""
    browser = next((p for n in CHROMIUM_NAMES if (p := shutil.which(n))), None)
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        missing = " and ".join(
            n for n, p in (("chromium", browser), ("chromedriver", driver)) if p is None
        )
        return (
            browser,
            driver,
            (
                f"{missing} not installed (Debian: apt-get install chromium chromium-driver; "
                ".ci/run installs them)"
            ),
        )
    return browser, driver, ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    def __init__(self, base: str, session: str) -> None:
        self.base = f"{base}/session/{session}"

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.base + path, data=data, method=method,
            headers={"Content-Type": "application/json"},
        )  # fmt: skip
        with urllib.request.urlopen(req, timeout=60) as resp:
            return json.loads(resp.read())["value"]

    def get(self, url: str) -> None:
        self._call("POST", "/url", {"url": url})

    def run(self, script: str) -> Any:
        """The value of a script's `return …`, run in the page."""
        return self._call("POST", "/execute/sync", {"script": script, "args": []})

    def screenshot(self) -> bytes:
        return base64.b64decode(self._call("GET", "/screenshot"))

    def resize(self, width: int, height: int) -> None:
        self._call("POST", "/window/rect", {"width": width, "height": height})


@contextlib.contextmanager
def chromium(browser: str, driver: str) -> Iterator[Browser]:
    port = _free_port()
    proc = subprocess.Popen(
        [driver, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/status", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": browser,
                        "args": [
                            "--headless=new",
                            "--no-sandbox",
                            "--disable-gpu",
                            "--disable-dev-shm-usage",
                            "--window-size=1400,1800",
                        ],
                    },
                }
            }
        }
        req = urllib.request.Request(
            base + "/session", data=json.dumps(caps).encode(), method="POST",
            headers={"Content-Type": "application/json"},
        )  # fmt: skip
        with urllib.request.urlopen(req, timeout=60) as resp:
            session = json.loads(resp.read())["value"]["sessionId"]
        b = Browser(base, session)
        try:
            yield b
        finally:
            with contextlib.suppress(OSError):
                b._call("DELETE", "")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()

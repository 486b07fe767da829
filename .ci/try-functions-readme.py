#!/usr/bin/env python3
"""Follows Functions/README.md's "Run it locally" steps on the local host path, as a new user would, and checks them.

Each shell line of the section's bash blocks runs as written, in order, from the repository's root:
- `func start` (the Core Tools path) is left out: Core Tools are not needed here;
- `dotnet run --project Functions/Cqrs.Functions.LocalHost` starts in the background, as a user's second terminal
  would; the script waits until it prints the functions' URLs, and stops the one before it first;
- a line ending in `&` starts in the background; when it names a `--port`, the script waits until that port listens;
- a `curl` line (with its continuation lines) runs as written plus the flags that capture its status and body
  (`-s -o <file> -w %{http_code} --max-time`); its comment says what it must answer (`# 202, "messageId"`: the
  status, and text the body holds). A GET is asked again, for up to a minute, until it answers so: what a command
  changes is eventually consistent. Other calls are asked once;
- every other line (`cp`, `dotnet build`, `sed`) runs as written and must succeed.
Where the README says "the same calls of the delivery then go through the broker", the first block of calls runs again after
the local host restarts in Service Bus mode.

Functions/local.settings.json, which the steps create and edit, is put back as it was at the end. The steps use the
README's ports (7071 for the local host, 5672 for the broker): both must be free. Exit status 0 when every step did
what its comment says; each step and its outcome is printed.
"""

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "Functions", "README.md")
SETTINGS = os.path.join(ROOT, "Functions", "local.settings.json")
LOCAL_HOST = "dotnet run --project Functions/Cqrs.Functions.LocalHost"
EXPECTATION = re.compile(r"\s+#\s*(\d{3})(?:,\s*(.*\S))?\s*$")
GET_RETRY_SECONDS = 60
START_SECONDS = 300


def section_blocks(text):
    """The bash blocks of "## Run it locally", up to the next heading of its level or above, as lists of lines."""
    section = text[text.index("## Run it locally"):]
    following = re.search(r"^#{1,3} ", section[3:], re.MULTILINE)
    section = section[:following.start() + 3] if following else section
    return [block.splitlines() for block in re.findall(r"```bash\n(.*?)```", section, re.DOTALL)]


def commands(lines):
    """Shell lines with their continuations joined, each with its comment's expectation (status, text) or None."""
    joined, pending = [], ""
    for line in lines:
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        joined.append(pending + line)
        pending = ""
    for command in joined:
        expected = EXPECTATION.search(command)
        if expected:
            yield command[:expected.start()], (expected.group(1), expected.group(2))
        else:
            yield command, None


class Background:
    """A command started in its own process group, its output kept in a file; stopped with the whole group."""

    def __init__(self, command):
        self.command = command
        self.log = tempfile.NamedTemporaryFile(prefix="readme-", suffix=".log", delete=False)
        self.process = subprocess.Popen(command, shell=True, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)

    def output(self):
        with open(self.log.name, encoding="utf-8", errors="replace") as log:
            return log.read()

    def stop(self):
        """SIGTERM to the group (the local host then stops its worker), SIGKILL after 30 s; returns once none is left."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 30
        while group_alive(self.process.pid):
            self.process.poll()
            if time.monotonic() > deadline:
                os.killpg(self.process.pid, signal.SIGKILL)
            # The group has no exit to wait on: only its first process is this script's child.
            time.sleep(0.2)


def group_alive(group):
    try:
        os.killpg(group, 0)
        return True
    except ProcessLookupError:
        return False


def wait_until(ready, what, background):
    deadline = time.monotonic() + START_SECONDS
    while not ready():
        if background.process.poll() is not None:
            raise SystemExit(f"FAIL: {what}: it exited ({background.process.returncode}):\n{background.output()}")
        if time.monotonic() > deadline:
            raise SystemExit(f"FAIL: {what}: not ready after {START_SECONDS} s:\n{background.output()}")
        # Neither process signals readiness other than by what it prints or by listening: look again shortly.
        time.sleep(0.5)


def listening(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def curl(command, expected):
    status, text = expected
    body = tempfile.NamedTemporaryFile(prefix="readme-body-", delete=False).name
    checked = f"{command} -s -o {shlex.quote(body)} -w '%{{http_code}}' --max-time 300"
    is_get = " -X " not in command
    deadline = time.monotonic() + (GET_RETRY_SECONDS if is_get else 0)
    while True:
        answered = subprocess.run(checked, shell=True, cwd=ROOT, capture_output=True, text=True).stdout.strip()
        with open(body, encoding="utf-8", errors="replace") as received:
            content = received.read()
        if answered == status and (text is None or text in content):
            print(f"  ok: {answered}" + (f", {text}" if text else ""), flush=True)
            return
        if time.monotonic() >= deadline:
            raise SystemExit(f"FAIL: {command}\n  expected {status}" + (f" with {text}" if text else "")
                             + f", got {answered}:\n{content}")
        # Not there yet: the command's effects reach the query in the background (a broker on the way).
        time.sleep(0.5)


def run(command, running):
    if "func start" in command:
        print(f"skipped (Core Tools): {command}", flush=True)
        return
    print(f"{time.strftime('%H:%M:%S')} $ {command}", flush=True)
    if command.startswith(LOCAL_HOST):
        for background in [b for b in running if b.command.startswith(LOCAL_HOST)]:
            background.stop()
            running.remove(background)
        if listening(7071):
            raise SystemExit("FAIL: port 7071 is taken: the README's local host cannot start")
        host = Background(command)
        running.append(host)
        wait_until(lambda: "Functions of " in host.output(), "the local host", host)
        print("  ok: serving", flush=True)
    elif command.rstrip().endswith("&"):
        port = re.search(r"--port (\d+)", command)
        if port and listening(int(port.group(1))):
            raise SystemExit(f"FAIL: port {port.group(1)} is taken: {command}")
        background = Background(command.rstrip()[:-1])
        running.append(background)
        if port:
            wait_until(lambda: listening(int(port.group(1))), command, background)
        print("  ok: started", flush=True)
    else:
        finished = subprocess.run(command, shell=True, cwd=ROOT)
        if finished.returncode != 0:
            raise SystemExit(f"FAIL ({finished.returncode}): {command}")


def main():
    # A CI timeout or Ctrl+C still stops what was started and puts the settings back (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with open(README, encoding="utf-8") as readme:
        blocks = [list(commands(block)) for block in section_blocks(readme.read())]
    first_calls = next(block for block in blocks if block and all(expected for _, expected in block))
    saved = open(SETTINGS, encoding="utf-8").read() if os.path.exists(SETTINGS) else None
    running, hosts_started, calls = [], 0, 0
    try:
        for block in blocks:
            for command, expected in block:
                if expected:
                    print(f"{time.strftime('%H:%M:%S')} $ {command}", flush=True)
                    curl(command, expected)
                    calls += 1
                    continue
                run(command, running)
                if command.startswith(LOCAL_HOST):
                    hosts_started += 1
                    # "The same calls of the delivery then go through the broker"
                    if hosts_started > 1:
                        for again, expected_again in first_calls:
                            print(f"{time.strftime('%H:%M:%S')} $ {again}", flush=True)
                            curl(again, expected_again)
                            calls += 1
    finally:
        for background in reversed(running):
            background.stop()
        if saved is None:
            if os.path.exists(SETTINGS):
                os.remove(SETTINGS)
        else:
            with open(SETTINGS, "w", encoding="utf-8") as settings:
                settings.write(saved)
    print(f"Functions README: {calls} calls answered as documented, local host started {hosts_started} times")


if __name__ == "__main__":
    main()

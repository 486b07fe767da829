"""Starts the standalone broker host (Cqrs.ServiceBus.LocalBroker.Host) on a free loopback port with this suite's
topology, logging at Information to a file the tests read, and stops it."""

import atexit
import json
import os
import subprocess
import tempfile
import threading

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
HOST_DLL = os.environ.get("BROKER_HOST_DLL") or os.path.join(
    REPO, "Framework", "Cqrs.ServiceBus.LocalBroker.Host", "bin", "Release", "net10.0", "Cqrs.ServiceBus.LocalBroker.Host.dll")

# One entity per test, so that tests sharing the broker never see each other's messages.
QUEUES = [
    "send-unsettled", "send-settled", "credit", "drain", "drain-empty", "accept", "release", "modify-failed",
    "modify-undeliverable", "reject", "reject-info", "first-mode", "receive-and-delete", "cbs", "plain",
    "session-filter", "large", "too-large", "echo", "annotations", "modify-annotations",
]
TOPOLOGY = {
    "queues": [{"name": name, "lockDuration": "00:01:00", "maxDeliveryCount": 5} for name in QUEUES]
    + [{"name": "full", "maxSizeInBytes": 1024}]
    + [{"name": name, "requiresSession": True, "lockDuration": "00:01:00"} for name in ["sessions", "sessions-plain", "sessions-unset"]]
    + [{"name": "sessions-expiry", "requiresSession": True, "lockDuration": "00:00:01"}],
    "topics": [{"name": "fan-out", "subscriptions": [{"name": "all"}]}],
}


class BrokerHost:
    def __init__(self):
        self.directory = tempfile.TemporaryDirectory(prefix="amqp-interop-")
        topology = os.path.join(self.directory.name, "topology.json")
        with open(topology, "w", encoding="utf-8") as file:
            json.dump(TOPOLOGY, file)
        self.log_lines = []
        self.logged = threading.Condition()
        if not os.path.exists(HOST_DLL):
            raise RuntimeError(f"{HOST_DLL} is missing: build Framework/Cqrs.ServiceBus.LocalBroker.Host in Release first")
        self.process = subprocess.Popen(
            ["dotnet", HOST_DLL, "--topology", topology, "--log-level", "Information"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._read_log, daemon=True).start()
        connection_string = self.process.stdout.readline()
        if not connection_string:
            self.stop()
            raise RuntimeError(f"the broker host exited before listening: {self.read_log()}")
        # Endpoint=sb://127.0.0.1:<port>;...
        self.port = int(connection_string.split(";")[0].rsplit(":", 1)[1])

    def _read_log(self):
        for line in self.process.stderr:
            with self.logged:
                self.log_lines.append(line.rstrip("\n"))
                self.logged.notify_all()

    def read_log(self):
        with self.logged:
            return "\n".join(self.log_lines)

    def wait_for_log(self, *fragments, patience=10.0):
        """The first log line holding every fragment; fails after `patience` seconds (the log is written asynchronously)."""
        def found():
            return next((line for line in self.log_lines if all(fragment in line for fragment in fragments)), None)

        with self.logged:
            if not self.logged.wait_for(found, timeout=patience):
                raise AssertionError(f"the broker logged no line with {fragments}")
            return found()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        self.directory.cleanup()


_shared = None


def shared():
    """The one broker of this run, started on first use and stopped when the run ends."""
    global _shared
    if _shared is None:
        _shared = BrokerHost()
        atexit.register(stop_shared)  # also when the tests are run by `python3 -m unittest`, not run_tests.py
    return _shared


def stop_shared():
    global _shared
    if _shared is not None:
        _shared.stop()
        _shared = None

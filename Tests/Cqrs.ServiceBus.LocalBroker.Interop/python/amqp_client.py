"""A synchronous AMQP 1.0 client on Qpid Proton's protocol engine: the test drives every frame itself.

Proton's engine does the encoding and the link state; this module owns the socket and pumps bytes until what a
test waits for has happened, or fails the test after PATIENCE seconds (a hang is a failure, not a stall).
"""

import select
import socket
import time

from proton import Collector, Connection, Transport

PATIENCE = 10.0


class AmqpTimeout(AssertionError):
    pass


class AmqpClient:
    """One connection with one session; every frame either way is kept, as Proton traces it, in `frames`."""

    def __init__(self, port, mechanism="ANONYMOUS", user=None, password=None):
        self.frames = []
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
        self.socket.setblocking(False)
        self.transport = Transport()
        self.transport.trace(Transport.TRACE_FRM)
        self.transport.tracer = lambda _, line: self.frames.append(line)
        sasl = self.transport.sasl()
        sasl.allowed_mechs(mechanism)
        sasl.allow_insecure_mechs = True
        self.connection = Connection()
        self.connection.container = "interop-tests"
        self.connection.hostname = "127.0.0.1"
        if user is not None:
            self.connection.user = user
            self.connection.password = password
        self.connection.collect(Collector())
        self.transport.bind(self.connection)
        self.connection.open()
        self.session = self.connection.session()
        self.session.open()
        self.sasl = sasl

    def close(self):
        try:
            self.connection.close()
            self.pump_until(lambda: self.transport.closed or self.connection.state & Connection.REMOTE_CLOSED, patience=2)
        except (AmqpTimeout, OSError):
            pass
        finally:
            self.socket.close()

    def pump_until(self, condition, patience=PATIENCE, what="the broker's answer"):
        """Exchanges bytes with the broker until condition() is true; fails after `patience` seconds."""
        deadline = time.monotonic() + patience
        while True:
            self._flush()
            if condition():
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AmqpTimeout(f"no {what} within {patience} s")
            readable, _, _ = select.select([self.socket], [], [], min(remaining, 0.05))
            if readable:
                self._receive()

    def pump_briefly(self, rounds=20):
        """Exchanges whatever is due, for a few short rounds (to see that nothing more arrives)."""
        for _ in range(rounds):
            self._flush()
            readable, _, _ = select.select([self.socket], [], [], 0.01)
            if readable:
                self._receive()

    def _receive(self):
        data = self.socket.recv(65536)
        if not data:
            self.transport.close_tail()
        while data:
            # The engine takes input a window at a time; it frees the window as it decodes what it took.
            capacity = self.transport.capacity()
            if capacity <= 0:
                return  # the transport has closed: nothing more is read
            taken = min(len(data), capacity)
            self.transport.push(data[:taken])
            data = data[taken:]
            self._flush()

    def _flush(self):
        while True:
            pending = self.transport.pending()
            if pending <= 0:
                return
            sent = self.socket.send(self.transport.peek(pending))
            self.transport.pop(sent)

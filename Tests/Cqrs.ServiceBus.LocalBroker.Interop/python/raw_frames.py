"""AMQP 1.0 frames written and read by hand (Proton's codec encodes their bodies), for what Proton's engine cannot
be asked to send, such as a flow with echo set. Performatives are (descriptor code, list of fields)."""

import socket
import struct

from proton import Data, Described, symbol, ubyte, uint, ulong

from amqp_client import PATIENCE

OPEN, BEGIN, ATTACH, FLOW = 0x10, 0x11, 0x12, 0x13
SASL_MECHANISMS, SASL_INIT, SASL_OUTCOME = 0x40, 0x41, 0x44
SOURCE, TARGET = 0x28, 0x29
AMQP_FRAME, SASL_FRAME = 0, 1


class RawConnection:
    """A connection through SASL ANONYMOUS, open and begin on channel 0; then frames one at a time."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
        self._exchange_header(b"AMQP\x03\x01\x00\x00")
        self.expect(SASL_MECHANISMS)
        self.send(SASL_INIT, [symbol("ANONYMOUS")], frame_type=SASL_FRAME)
        outcome = self.expect(SASL_OUTCOME)
        if outcome[0] != 0:
            raise AssertionError(f"SASL failed: {outcome}")
        self._exchange_header(b"AMQP\x00\x01\x00\x00")
        self.send(OPEN, ["raw-frames"])
        self.expect(OPEN)
        self.send(BEGIN, [None, uint(0), uint(100), uint(100)])
        self.broker_next_outgoing_id = self.expect(BEGIN)[1]

    def close(self):
        self.socket.close()

    def attach_receiver(self, address, handle):
        """Attaches a receiving link; the broker's handle for it."""
        source = Described(ulong(SOURCE), [address])
        target = Described(ulong(TARGET), ["raw-receiver"])
        self.send(ATTACH, [f"raw-{address}", uint(handle), True, None, ubyte(1), source, target])
        return self.expect(ATTACH)[1]

    def send(self, code, fields, frame_type=AMQP_FRAME):
        body = Data()
        body.put_object(Described(ulong(code), fields))
        encoded = body.encode()
        self.socket.sendall(struct.pack(">IBBH", 8 + len(encoded), 2, frame_type, 0) + encoded)

    def expect(self, code):
        """The fields of the next frame, which must be the performative `code` (empty frames are skipped)."""
        while True:
            frame = self.read()
            if frame is None:
                continue
            received, fields = frame
            if received != code:
                raise AssertionError(f"expected performative {code:#x}, received {received:#x}: {fields}")
            return fields

    def read(self):
        """(descriptor code, fields) of the next frame; None for an empty (heartbeat) frame."""
        size, offset, _, _ = struct.unpack(">IBBH", self._read_exactly(8))
        self._read_exactly(offset * 4 - 8)
        body = self._read_exactly(size - offset * 4)
        if not body:
            return None
        data = Data()
        data.decode(body)
        performative = data.get_object()
        return int(performative.descriptor), list(performative.value)

    def _exchange_header(self, header):
        self.socket.sendall(header)
        received = self._read_exactly(8)
        if received != header:
            raise AssertionError(f"the broker answered header {header!r} with {received!r}")

    def _read_exactly(self, count):
        chunks = b""
        while len(chunks) < count:
            chunk = self.socket.recv(count - len(chunks))
            if not chunk:
                raise AssertionError("the broker closed the connection")
            chunks += chunk
        return chunks

"""The base of every test: clients on the shared broker, and the steps tests repeat (attach, send, receive, settle)."""

import re
import unittest
import uuid

from proton import Delivery, Endpoint, Link, Message

import broker_host
from amqp_client import AmqpClient


class InteropTestCase(unittest.TestCase):
    @property
    def broker(self):
        return broker_host.shared()

    def connect(self, **kwargs):
        client = AmqpClient(self.broker.port, **kwargs)
        self.addCleanup(client.close)
        return client

    def open_sender(self, client, address, settled=False):
        sender = client.session.sender(f"sender-{uuid.uuid4()}")
        sender.target.address = address
        if settled:
            sender.snd_settle_mode = Link.SND_SETTLED
        sender.open()
        client.pump_until(lambda: sender.credit > 0 or sender.state & Endpoint.REMOTE_CLOSED, what="credit for the sender")
        self.assertFalse(sender.state & Endpoint.REMOTE_CLOSED, f"the broker detached the sender: {sender.remote_condition}")
        return sender

    def open_receiver(self, client, address, rcv_settle_mode=Link.RCV_SECOND, snd_settle_mode=None, target=None):
        receiver = client.session.receiver(f"receiver-{uuid.uuid4()}")
        receiver.source.address = address
        receiver.target.address = target
        receiver.rcv_settle_mode = rcv_settle_mode
        if snd_settle_mode is not None:
            receiver.snd_settle_mode = snd_settle_mode
        receiver.open()
        client.pump_until(lambda: receiver.state & (Endpoint.REMOTE_ACTIVE | Endpoint.REMOTE_CLOSED), what="the attach reply")
        client.pump_briefly()  # a refusal's detach follows its attach reply
        self.assertFalse(receiver.state & Endpoint.REMOTE_CLOSED, f"the broker detached the receiver: {receiver.remote_condition}")
        return receiver

    def send(self, client, sender, message, settled=False):
        """Sends one message; unless pre-settled, waits for the broker's outcome. The delivery."""
        delivery = sender.delivery(str(uuid.uuid4()))
        sender.send(message.encode() if isinstance(message, Message) else message)
        sender.advance()
        if settled:
            delivery.settle()
            client.pump_briefly()
        else:
            client.pump_until(lambda: delivery.remote_state, what="an outcome for the transfer")
        return delivery

    def send_body(self, address, *bodies):
        """Sends messages with these bodies on a connection of their own, each accepted."""
        client = self.connect()
        sender = self.open_sender(client, address)
        for body in bodies:
            self.assertEqual(Delivery.ACCEPTED, self.send(client, sender, Message(body=body)).remote_state)

    def receive(self, client, receiver):
        """The next delivery and its message, granting one credit when the link has none."""
        if receiver.credit == 0 and receiver.queued == 0:
            receiver.flow(1)
        client.pump_until(lambda: receiver.current is not None and not receiver.current.partial, what="a message")
        delivery = receiver.current
        message = Message()
        message.decode(receiver.recv(delivery.pending))
        receiver.advance()
        return delivery, message

    def settle(self, client, delivery, outcome):
        """Sends an unsettled outcome (rcv-settle-mode second) and waits for the broker to settle it. The broker's state."""
        delivery.update(outcome)
        client.pump_until(lambda: delivery.settled, what="the broker's settlement")
        state = delivery.remote_state
        delivery.settle()
        client.pump_briefly(rounds=2)
        return state

    def drain(self, client, receiver, credit):
        """Asks the broker to use `credit` and give back what it cannot (drain); returns once it has answered."""
        receiver.drain(credit)
        client.pump_until(lambda: not receiver.draining(), what="the broker's answer to a drain")

    def assert_nothing_before_a_marker(self, client, receiver, address):
        """Sends a marker and sees it arrive next: the entity is FIFO, so nothing sent earlier is still available."""
        self.send_body(address, "marker")
        _, message = self.receive(client, receiver)
        self.assertEqual("marker", message.body, "a message came back that should not have")

    @staticmethod
    def flows_from_broker(client, handle):
        """The flow frames the broker sent for one link, as dicts of their fields (Proton's frame trace)."""
        flows = []
        for line in client.frames:
            if "<- @flow(" in line and f"handle={handle}," in line:
                flows.append(dict(re.findall(r"([a-z-]+)=([^,\]]+)", line)))
        return flows

"""Receiving under flow control (AMQP 1.0 section 2.6.7): no more than the credit, and drain."""

import unittest

from proton import uint

from interop_case import InteropTestCase
from raw_frames import FLOW, RawConnection



class FlowControlTests(InteropTestCase):
    def test_broker_sends_no_more_than_the_credit(self):
        self.send_body("credit", "1", "2", "3", "4", "5")
        client = self.connect()
        first = self.open_receiver(client, "credit")
        second = self.open_receiver(client, "credit")

        first.flow(2)
        client.pump_until(lambda: first.queued == 2, what="two messages")
        second.flow(3)
        client.pump_until(lambda: second.queued == 3, what="three more messages")

        # Had the first link been sent a third message, it would be locked and the second could not have all three.
        self.assertEqual(2, first.queued)
        self.assertEqual(["1", "2"], [self.receive(client, first)[1].body for _ in range(2)])
        self.assertEqual(["3", "4", "5"], [self.receive(client, second)[1].body for _ in range(3)])

    def test_drain_sends_what_is_available_then_advances_delivery_count_and_zeroes_credit(self):
        self.send_body("drain", "a", "b")
        client = self.connect()
        receiver = self.open_receiver(client, "drain")

        self.drain(client, receiver, 5)

        self.assertEqual(2, receiver.queued)
        # Proton counts a delivery against the credit until the application takes it, so the two queued ones are
        # all the credit it has left.
        self.assertEqual(2, receiver.credit)
        answer = self.flows_from_broker(client, receiver_handle(client, receiver))[-1]
        self.assertEqual("0x0", answer["link-credit"])
        self.assertEqual(5, int(answer["delivery-count"], 16), "2 sent + 3 drained")

    def test_drain_on_an_empty_entity_is_answered_at_once(self):
        client = self.connect()
        receiver = self.open_receiver(client, "drain-empty")

        self.drain(client, receiver, 10)

        answer = self.flows_from_broker(client, receiver_handle(client, receiver))[-1]
        self.assertEqual((10, "0x0"), (int(answer["delivery-count"], 16), answer["link-credit"]))


def receiver_handle(client, receiver):
    """The handle the broker gave the link in its attach reply, as Proton's trace prints it."""
    for line in client.frames:
        if "<- @attach(" in line and f'name="{receiver.name}"' in line:
            return line.split("handle=")[1].split(",")[0]
    raise AssertionError("no attach traced for the link")


class FlowEchoTests(InteropTestCase):
    def test_flow_with_echo_is_answered_with_the_brokers_flow(self):
        # Proton's engine has no call that sets echo, so this link speaks raw frames.
        raw = RawConnection(self.broker.port)
        self.addCleanup(raw.close)
        broker_handle = raw.attach_receiver("echo", handle=0)

        raw.send(FLOW, [raw.broker_next_outgoing_id, uint(100), uint(0), uint(100), uint(0), uint(0), uint(0), None, False, True])

        fields = raw.expect(FLOW)
        self.assertEqual(broker_handle, fields[4], "a flow for the link")
        self.assertEqual((0, 0), (fields[5], fields[6]), "delivery-count and link-credit as the broker holds them")

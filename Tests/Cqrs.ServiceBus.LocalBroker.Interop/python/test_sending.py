"""Sending (AMQP 1.0 sections 2.7.5 transfer, 3.4 outcomes): the broker's credit, outcomes, and refusals of a transfer."""

from proton import Delivery, Endpoint, Link, Message

from interop_case import InteropTestCase


class SendingTests(InteropTestCase):
    def test_attach_reply_grants_credit_and_advertises_a_max_message_size(self):
        client = self.connect()
        sender = self.open_sender(client, "send-unsettled")
        self.assertGreater(sender.credit, 0)
        self.assertEqual(256 * 1024, sender.remote_max_message_size)

    def test_unsettled_send_is_accepted_and_settled_by_the_broker(self):
        client = self.connect()
        sender = self.open_sender(client, "send-unsettled")

        delivery = self.send(client, sender, Message(id="m1", body="hello"))

        self.assertEqual(Delivery.ACCEPTED, delivery.remote_state)
        self.assertTrue(delivery.settled)
        receiver = self.open_receiver(client, "send-unsettled")
        _, message = self.receive(client, receiver)
        self.assertEqual(("m1", "hello"), (message.id, message.body))

    def test_presettled_send_is_stored(self):
        client = self.connect()
        sender = self.open_sender(client, "send-settled", settled=True)
        self.assertEqual(Link.SND_SETTLED, sender.remote_snd_settle_mode)

        self.send(client, sender, Message(id="fire-and-forget", body="x"), settled=True)

        receiver = self.open_receiver(client, "send-settled")
        self.assertEqual("fire-and-forget", self.receive(client, receiver)[1].id)

    def test_send_to_a_topic_reaches_its_subscription(self):
        self.send_body("fan-out", "to everyone")
        client = self.connect()
        receiver = self.open_receiver(client, "fan-out/Subscriptions/all")
        self.assertEqual("to everyone", self.receive(client, receiver)[1].body)

    def test_unreadable_transfer_is_rejected_with_decode_error_and_a_description(self):
        client = self.connect()
        sender = self.open_sender(client, "send-unsettled")

        delivery = self.send(client, sender, b"\x00\x53\x77\xa1\xff not an amqp message")

        self.assertEqual(Delivery.REJECTED, delivery.remote_state)
        self.assertEqual("amqp:decode-error", delivery.remote.condition.name)
        self.assertTrue(delivery.remote.condition.description)

    def test_send_to_a_full_entity_is_rejected_with_resource_limit_exceeded(self):
        client = self.connect()
        sender = self.open_sender(client, "full")
        outcomes = [self.send(client, sender, Message(body="x" * 400)) for _ in range(4)]

        rejected = [delivery for delivery in outcomes if delivery.remote_state == Delivery.REJECTED]

        self.assertTrue(rejected, "the entity of 1 KiB took 1.6 KiB")
        self.assertEqual("amqp:resource-limit-exceeded", rejected[0].remote.condition.name)
        self.assertIn("full", rejected[0].remote.condition.description)

    def test_message_larger_than_a_frame_goes_through_whole_both_ways(self):
        client = self.connect()
        sender = self.open_sender(client, "large")
        body = "x" * (200 * 1024)  # over the 64 KiB frame, under the 256 KiB message limit

        self.assertEqual(Delivery.ACCEPTED, self.send(client, sender, Message(body=body)).remote_state)

        receiver = self.open_receiver(client, "large")
        self.assertEqual(body, self.receive(client, receiver)[1].body)

    def test_message_over_the_max_message_size_is_refused_with_message_size_exceeded(self):
        client = self.connect()
        sender = self.open_sender(client, "too-large")

        sender.delivery("too-large")
        sender.send(Message(body="x" * (300 * 1024)).encode())
        sender.advance()
        client.pump_until(lambda: sender.state & Endpoint.REMOTE_CLOSED, what="a detach")

        self.assertEqual("amqp:link:message-size-exceeded", sender.remote_condition.name)
        self.assertTrue(sender.remote_condition.description)

    def test_delivered_message_carries_the_service_bus_annotations_and_a_first_delivery_count(self):
        self.send_body("annotations", "stamped")
        client = self.connect()
        receiver = self.open_receiver(client, "annotations")

        _, message = self.receive(client, receiver)

        self.assertEqual(0, message.delivery_count)
        annotations = {str(key): value for key, value in message.annotations.items()}
        self.assertIsInstance(annotations["x-opt-sequence-number"], int)
        self.assertIn("x-opt-enqueued-time", annotations)
        self.assertIn("x-opt-locked-until", annotations)

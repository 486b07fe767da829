"""Settlement (AMQP 1.0 section 3.4 outcomes, 2.6.12 settle modes) and what the broker then does, as Service Bus
defines it: accept deletes, release unlocks without counting, modify delivery-failed counts a delivery, modify
undeliverable-here defers, reject dead-letters with the error's condition and description."""

from proton import Condition, Delivery, Link

from interop_case import InteropTestCase


class SettlementTests(InteropTestCase):
    def test_accept_deletes_the_message(self):
        self.send_body("accept", "done")
        client = self.connect()
        receiver = self.open_receiver(client, "accept")
        delivery, _ = self.receive(client, receiver)

        self.assertEqual(Delivery.ACCEPTED, self.settle(client, delivery, Delivery.ACCEPTED))

        self.assert_nothing_before_a_marker(client, receiver, "accept")

    def test_release_redelivers_without_counting_a_delivery(self):
        self.send_body("release", "again")
        client = self.connect()
        receiver = self.open_receiver(client, "release")
        delivery, first = self.receive(client, receiver)

        self.settle(client, delivery, Delivery.RELEASED)

        _, second = self.receive(client, receiver)
        self.assertEqual("again", second.body)
        self.assertEqual((0, 0), (first.delivery_count, second.delivery_count))

    def test_modify_delivery_failed_redelivers_with_the_delivery_count_increased(self):
        self.send_body("modify-failed", "retry")
        client = self.connect()
        receiver = self.open_receiver(client, "modify-failed")
        delivery, _ = self.receive(client, receiver)

        delivery.local.failed = True
        self.settle(client, delivery, Delivery.MODIFIED)

        _, redelivered = self.receive(client, receiver)
        self.assertEqual(1, redelivered.delivery_count)

    def test_modify_undeliverable_here_defers_the_message(self):
        self.send_body("modify-undeliverable", "later")
        client = self.connect()
        receiver = self.open_receiver(client, "modify-undeliverable")
        delivery, _ = self.receive(client, receiver)

        delivery.local.undeliverable = True
        self.assertEqual(Delivery.ACCEPTED, self.settle(client, delivery, Delivery.MODIFIED))

        self.assert_nothing_before_a_marker(client, receiver, "modify-undeliverable")

    def test_reject_dead_letters_with_the_error_condition_and_description(self):
        self.send_body("reject", "poison")
        client = self.connect()
        receiver = self.open_receiver(client, "reject")
        delivery, _ = self.receive(client, receiver)

        delivery.local.condition = Condition("app:invalid-order", "The order has no lines.")
        self.settle(client, delivery, Delivery.REJECTED)

        self.assert_nothing_before_a_marker(client, receiver, "reject")
        dead_letters = self.open_receiver(client, "reject/$DeadLetterQueue")
        _, dead = self.receive(client, dead_letters)
        self.assertEqual("poison", dead.body)
        self.assertEqual("app:invalid-order", dead.properties["DeadLetterReason"])
        self.assertEqual("The order has no lines.", dead.properties["DeadLetterErrorDescription"])

    def test_reject_with_service_bus_dead_letter_info_uses_the_info(self):
        self.send_body("reject-info", "poison")
        client = self.connect()
        receiver = self.open_receiver(client, "reject-info")
        delivery, _ = self.receive(client, receiver)

        delivery.local.condition = Condition(
            "com.microsoft:dead-letter", None, {"DeadLetterReason": "Invalid", "DeadLetterErrorDescription": "No lines."})
        self.settle(client, delivery, Delivery.REJECTED)

        dead_letters = self.open_receiver(client, "reject-info/$DeadLetterQueue")
        _, dead = self.receive(client, dead_letters)
        self.assertEqual(("Invalid", "No lines."), (dead.properties["DeadLetterReason"], dead.properties["DeadLetterErrorDescription"]))

    def test_rcv_settle_mode_first_settles_with_the_receivers_own_disposition(self):
        self.send_body("first-mode", "once")
        client = self.connect()
        receiver = self.open_receiver(client, "first-mode", rcv_settle_mode=Link.RCV_FIRST)
        delivery, _ = self.receive(client, receiver)
        self.assertFalse(delivery.settled, "peek-lock deliveries are sent unsettled")

        delivery.update(Delivery.ACCEPTED)
        delivery.settle()

        self.assert_nothing_before_a_marker(client, receiver, "first-mode")

    def test_snd_settle_mode_settled_is_receive_and_delete(self):
        self.send_body("receive-and-delete", "gone")
        client = self.connect()
        receiver = self.open_receiver(client, "receive-and-delete", rcv_settle_mode=Link.RCV_FIRST, snd_settle_mode=Link.SND_SETTLED)
        self.assertEqual(Link.SND_SETTLED, receiver.remote_snd_settle_mode)

        delivery, message = self.receive(client, receiver)

        self.assertEqual("gone", message.body)
        self.assertTrue(delivery.settled, "receive-and-delete deliveries are sent settled")
        delivery.settle()
        other_client = self.connect()
        self.assert_nothing_before_a_marker(other_client, self.open_receiver(other_client, "receive-and-delete"), "receive-and-delete")

    def test_modify_with_message_annotations_merges_them_into_the_application_properties(self):
        self.send_body("modify-annotations", "retry")
        client = self.connect()
        receiver = self.open_receiver(client, "modify-annotations")
        delivery, _ = self.receive(client, receiver)

        delivery.local.annotations = {"attempt": "first failed"}
        self.settle(client, delivery, Delivery.MODIFIED)

        _, redelivered = self.receive(client, receiver)
        self.assertEqual("first failed", redelivered.properties["attempt"])

"""Refusals are visible: an attach the broker cannot serve is answered at once with a detach carrying an AMQP error
(condition and description, AMQP 1.0 section 2.6.3), and the broker logs it."""

from proton import Data, Endpoint, Terminus

from interop_case import InteropTestCase


class RefusalTests(InteropTestCase):
    def refused(self, link, client):
        link.open()
        client.pump_until(lambda: link.state & Endpoint.REMOTE_CLOSED, what="a detach")
        return link.remote_condition

    def test_receiver_on_a_missing_entity_is_detached_with_not_found(self):
        client = self.connect()
        receiver = client.session.receiver("to-nowhere")
        receiver.source.address = "no-such-queue"

        condition = self.refused(receiver, client)

        self.assertEqual("amqp:not-found", condition.name)
        self.assertIn("no-such-queue", condition.description)

    def test_sender_to_a_missing_entity_is_detached_with_not_found(self):
        client = self.connect()
        sender = client.session.sender("to-nowhere")
        sender.target.address = "no-such-topic"

        condition = self.refused(sender, client)

        self.assertEqual("amqp:not-found", condition.name)
        self.assertIn("no-such-topic", condition.description)

    def test_receiver_without_a_source_address_is_detached_with_invalid_field(self):
        client = self.connect()
        receiver = client.session.receiver("no-address")

        condition = self.refused(receiver, client)

        self.assertEqual("amqp:invalid-field", condition.name)
        self.assertTrue(condition.description)

    def test_session_filter_is_refused_with_not_implemented(self):
        client = self.connect()
        receiver = client.session.receiver("session")
        receiver.source.address = "session-filter"
        receiver.source.filter.put_map()
        receiver.source.filter.enter()
        receiver.source.filter.put_symbol("com.microsoft:session-filter")
        receiver.source.filter.put_string("s1")
        receiver.source.filter.exit()

        condition = self.refused(receiver, client)

        self.assertEqual("amqp:not-implemented", condition.name)
        self.assertIn("sessions", condition.description)

    def test_refused_attach_is_logged_by_the_host(self):
        client = self.connect()
        receiver = client.session.receiver("logged-refusal")
        receiver.source.address = "missing-and-logged"

        condition = self.refused(receiver, client)

        line = self.broker.wait_for_log("missing-and-logged", condition.name)
        self.assertIn("refused", line.lower())

    def test_transaction_coordinator_is_refused_with_not_implemented(self):
        client = self.connect()
        sender = client.session.sender("transactions")
        sender.target.type = Terminus.COORDINATOR
        sender.target.capabilities.put_array(False, Data.SYMBOL)
        sender.target.capabilities.enter()
        sender.target.capabilities.put_symbol("amqp:local-transactions")
        sender.target.capabilities.exit()

        condition = self.refused(sender, client)

        self.assertEqual("amqp:not-implemented", condition.name)
        self.assertIn("transactions", condition.description)

    def test_dynamic_source_is_refused_with_not_implemented(self):
        client = self.connect()
        receiver = client.session.receiver("dynamic")
        receiver.source.dynamic = True

        condition = self.refused(receiver, client)

        self.assertEqual("amqp:not-implemented", condition.name)
        self.assertIn("dynamic", condition.description)

    def test_sender_to_a_dead_letter_queue_is_detached_with_not_found_saying_it_is_received_from(self):
        client = self.connect()
        sender = client.session.sender("to-dead-letters")
        sender.target.address = "reject/$DeadLetterQueue"

        condition = self.refused(sender, client)

        self.assertEqual("amqp:not-found", condition.name)
        self.assertIn("received from", condition.description)

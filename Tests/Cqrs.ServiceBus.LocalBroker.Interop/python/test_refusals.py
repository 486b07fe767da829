"""Refusals are visible: an attach the broker cannot serve is answered at once with a detach carrying an AMQP error
(condition and description, AMQP 1.0 section 2.6.3), and the broker logs it."""

from proton import Data, Endpoint, Terminus

from interop_case import InteropTestCase


class RefusalTests(InteropTestCase):
    def refused(self, client, link):
        """Opens the link and returns the error of the detach the broker answers with."""
        link.open()
        client.pump_until(lambda: link.state & Endpoint.REMOTE_CLOSED, what="a detach")
        return link.remote_condition

    def assert_refused(self, client, link, condition_name, description_fragment):
        condition = self.refused(client, link)
        self.assertEqual(condition_name, condition.name)
        self.assertIn(description_fragment, condition.description)

    def test_receiver_on_a_missing_entity_is_detached_with_not_found(self):
        client = self.connect()
        receiver = client.session.receiver("to-nowhere")
        receiver.source.address = "no-such-queue"
        self.assert_refused(client, receiver, "amqp:not-found", "no-such-queue")

    def test_sender_to_a_missing_entity_is_detached_with_not_found(self):
        client = self.connect()
        sender = client.session.sender("to-nowhere")
        sender.target.address = "no-such-topic"
        self.assert_refused(client, sender, "amqp:not-found", "no-such-topic")

    def test_receiver_without_a_source_address_is_detached_with_invalid_field(self):
        client = self.connect()
        self.assert_refused(client, client.session.receiver("no-address"), "amqp:invalid-field", "no address")

    def test_session_filter_on_an_entity_without_sessions_is_refused_with_not_allowed(self):
        client = self.connect()
        receiver = client.session.receiver("session")
        receiver.source.address = "session-filter"
        receiver.source.filter.put_map()
        receiver.source.filter.enter()
        receiver.source.filter.put_symbol("com.microsoft:session-filter")
        receiver.source.filter.put_string("s1")
        receiver.source.filter.exit()
        self.assert_refused(client, receiver, "amqp:not-allowed", "does not require sessions")

    def test_transaction_coordinator_is_refused_with_not_implemented(self):
        client = self.connect()
        sender = client.session.sender("transactions")
        sender.target.type = Terminus.COORDINATOR
        sender.target.capabilities.put_array(False, Data.SYMBOL)
        sender.target.capabilities.enter()
        sender.target.capabilities.put_symbol("amqp:local-transactions")
        sender.target.capabilities.exit()
        self.assert_refused(client, sender, "amqp:not-implemented", "transactions")

    def test_dynamic_source_is_refused_with_not_implemented(self):
        client = self.connect()
        receiver = client.session.receiver("dynamic")
        receiver.source.dynamic = True
        self.assert_refused(client, receiver, "amqp:not-implemented", "dynamic")

    def test_sender_to_a_dead_letter_queue_is_detached_with_not_found_saying_it_is_received_from(self):
        client = self.connect()
        sender = client.session.sender("to-dead-letters")
        sender.target.address = "reject/$DeadLetterQueue"
        self.assert_refused(client, sender, "amqp:not-found", "received from")

    def test_refused_attach_is_logged_by_the_host(self):
        client = self.connect()
        receiver = client.session.receiver("logged-refusal")
        receiver.source.address = "missing-and-logged"

        condition = self.refused(client, receiver)

        line = self.broker.wait_for_log("missing-and-logged", condition.name)
        self.assertIn("refused", line.lower())

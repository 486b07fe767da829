"""Connecting: SASL mechanisms, and the CBS put-token the Service Bus SDKs send before attaching."""

import uuid

from proton import Delivery, Endpoint, Link, Message

from interop_case import InteropTestCase


class ConnectionTests(InteropTestCase):
    def test_sasl_anonymous_opens_the_connection(self):
        client = self.connect(mechanism="ANONYMOUS")
        client.pump_until(lambda: client.connection.state & Endpoint.REMOTE_ACTIVE, what="the open reply")
        self.assertEqual("ANONYMOUS", client.sasl.mech)

    def test_sasl_plain_with_a_key_name_and_key_opens_the_connection(self):
        # Service Bus takes a SAS key name and key as SASL PLAIN user name and password.
        client = self.connect(mechanism="PLAIN", user="RootManageSharedAccessKey", password="local")
        client.pump_until(lambda: client.connection.state & Endpoint.REMOTE_ACTIVE, what="the open reply")
        self.assertEqual("PLAIN", client.sasl.mech)
        self.assertGreater(self.open_sender(client, "plain").credit, 0)

    def test_cbs_put_token_is_answered_with_status_code_202_then_attach_succeeds(self):
        client = self.connect()
        reply_to = uuid.uuid4().hex
        requests = self.open_sender(client, "$cbs", settled=True)
        replies = self.open_receiver(client, "$cbs", rcv_settle_mode=Link.RCV_FIRST, snd_settle_mode=Link.SND_SETTLED, target=reply_to)
        request = Message(
            id="request1", reply_to=reply_to, body="SharedAccessSignature sr=amqp%3A%2F%2F127.0.0.1%2Fcbs&sig=x&se=9999999999&skn=key",
            properties={"operation": "put-token", "type": "servicebus.windows.net:sastoken", "name": "amqp://127.0.0.1/cbs"})
        self.send(client, requests, request, settled=True)

        _, reply = self.receive(client, replies)

        self.assertEqual("request1", reply.correlation_id)
        self.assertEqual(202, reply.properties["status-code"])
        self.assertGreater(self.open_sender(client, "cbs").credit, 0)

    def test_cbs_request_whose_reply_to_names_no_link_is_rejected_with_not_found(self):
        client = self.connect()
        requests = self.open_sender(client, "$cbs")
        request = Message(id="request1", reply_to="nobody-listens-here", body="token", properties={"operation": "put-token"})

        delivery = self.send(client, requests, request)

        self.assertEqual(Delivery.REJECTED, delivery.remote_state)
        self.assertEqual("amqp:not-found", delivery.remote.condition.name)
        self.assertIn("nobody-listens-here", delivery.remote.condition.description)
        self.broker.wait_for_log("$cbs", "nobody-listens-here")

    def test_idle_timeout_under_the_minimum_is_refused_with_not_allowed_and_logged(self):
        client = self.connect()
        client.transport.idle_timeout = 1.0  # Proton asks the peer for half: 500 ms

        client.pump_until(lambda: client.connection.state & Endpoint.REMOTE_CLOSED, what="the close")

        condition = client.connection.remote_condition
        self.assertEqual("amqp:not-allowed", condition.name)
        self.assertIn("Idle timeout", condition.description)
        self.broker.wait_for_log("amqp:not-allowed", "Idle timeout")

"""Sessions on the wire: a receiver asks for one with the com.microsoft:session-filter; the broker's attach reply names
the session it locked and, as com.microsoft:locked-until-utc, when that lock ends (a long of .NET DateTime ticks, UTC).
An entity that requires sessions takes only messages with a group-id (the SessionId) and only session receivers."""

import time
import uuid

from proton import Delivery, Endpoint, Link, Message, symbol

from interop_case import InteropTestCase

SESSION_FILTER = symbol("com.microsoft:session-filter")
LOCKED_UNTIL = symbol("com.microsoft:locked-until-utc")

# .NET DateTime ticks (100 ns since 0001-01-01) at the Unix epoch.
TICKS_AT_UNIX_EPOCH = 621355968000000000


def utc_ticks_now():
    return TICKS_AT_UNIX_EPOCH + int(time.time() * 10_000_000)


class SessionTests(InteropTestCase):
    def session_receiver(self, client, address, session_id):
        """A peek-lock receiver asking for a session: the one named, or (None) the next available."""
        receiver = client.session.receiver(f"session-receiver-{uuid.uuid4()}")
        receiver.source.address = address
        receiver.target.address = receiver.name
        receiver.rcv_settle_mode = Link.RCV_SECOND
        receiver.source.filter.put_map()
        receiver.source.filter.enter()
        receiver.source.filter.put_symbol(SESSION_FILTER)
        if session_id is None:
            receiver.source.filter.put_null()
        else:
            receiver.source.filter.put_string(session_id)
        receiver.source.filter.exit()
        receiver.open()
        client.pump_until(lambda: receiver.state & (Endpoint.REMOTE_ACTIVE | Endpoint.REMOTE_CLOSED), what="the attach reply")
        return receiver

    def send_to(self, address, message):
        client = self.connect()
        return self.send(client, self.open_sender(client, address), message)

    def test_next_session_attach_is_answered_with_the_session_locked_and_the_lock_end_in_utc_ticks(self):
        self.assertEqual(Delivery.ACCEPTED, self.send_to("sessions", Message(body="g-1", group_id="g")).remote_state)
        client = self.connect()
        before = utc_ticks_now()

        receiver = self.session_receiver(client, "sessions", None)

        self.assertFalse(receiver.state & Endpoint.REMOTE_CLOSED, f"the broker detached the receiver: {receiver.remote_condition}")
        filters = receiver.remote_source.filter
        filters.rewind()
        filters.next()
        self.assertEqual({SESSION_FILTER: "g"}, filters.get_object())
        locked_until = receiver.remote_properties[LOCKED_UNTIL]
        self.assertGreater(locked_until, before, "the lock ends in the future")
        self.assertLessEqual(locked_until, utc_ticks_now() + 60 * 10_000_000, "and within the entity's lock duration")
        _, message = self.receive(client, receiver)
        self.assertEqual(("g-1", "g"), (message.body, message.group_id))

    def test_receiver_without_session_filter_on_an_entity_that_requires_sessions_is_refused_with_not_allowed(self):
        client = self.connect()
        receiver = client.session.receiver("plain-on-sessions")
        receiver.source.address = "sessions-plain"
        receiver.open()

        client.pump_until(lambda: receiver.state & Endpoint.REMOTE_CLOSED, what="a detach")

        self.assertEqual("amqp:not-allowed", receiver.remote_condition.name)
        self.assertIn("requires sessions", receiver.remote_condition.description)

    def test_transfer_without_group_id_to_an_entity_that_requires_sessions_is_rejected_with_not_allowed(self):
        delivery = self.send_to("sessions-unset", Message(body="no session"))

        self.assertEqual(Delivery.REJECTED, delivery.remote_state)
        self.assertEqual("amqp:not-allowed", delivery.remote.condition.name)
        self.assertIn("SessionId was not set", delivery.remote.condition.description)

    def test_session_lock_that_runs_out_detaches_the_receiver_with_session_lock_lost(self):
        self.send_to("sessions-expiry", Message(body="slow", group_id="e"))
        client = self.connect()
        receiver = self.session_receiver(client, "sessions-expiry", "e")
        self.receive(client, receiver)

        # The entity's lock lasts one second and nothing renews it: the broker's detach is what the test waits for.
        client.pump_until(lambda: receiver.state & Endpoint.REMOTE_CLOSED, what="the detach of the lost session")

        self.assertEqual("com.microsoft:session-lock-lost", receiver.remote_condition.name)

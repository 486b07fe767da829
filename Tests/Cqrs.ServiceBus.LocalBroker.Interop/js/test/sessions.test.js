import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ServiceBusClient } from "@azure/service-bus";
import { patienceMs, receiveCount, receiveOne, send, signal, useBroker } from "./client.js";

const broker = useBroker();

/** Session receivers whose lock is not renewed by the SDK, so that the broker's lock rules are what the test sees. */
const noAutoRenewal = { maxAutoLockRenewalDurationInMs: 0 };

describe("sessions", () => {
  it("acceptNextSession locks the session with the oldest message, and receives only its messages, in order", async () => {
    const client = broker.get();
    await send(client, "session-accept", [
      { body: "b-1", messageId: "b-1", sessionId: "b" },
      { body: "a-1", messageId: "a-1", sessionId: "a" },
      { body: "b-2", messageId: "b-2", sessionId: "b" },
    ]);

    const receiver = await client.acceptNextSession("session-accept", noAutoRenewal);
    const messages = await receiveCount(receiver, 2);

    assert.equal(receiver.sessionId, "b");
    assert.ok(receiver.sessionLockedUntilUtc > new Date(Date.now() - 1000), "the session lock ends in the future");
    assert.deepEqual(messages.map((message) => [message.messageId, message.sessionId]), [["b-1", "b"], ["b-2", "b"]]);
    for (const message of messages) {
      await receiver.completeMessage(message);
    }

    await receiver.close();
    const other = await client.acceptSession("session-accept", "a", noAutoRenewal);
    assert.equal((await receiveOne(other)).messageId, "a-1");
    await other.close();
  });

  it("acceptSession of a session another receiver holds fails with SessionCannotBeLocked", async () => {
    const client = broker.get();
    await send(client, "session-exclusive", { body: "x", messageId: "x-1", sessionId: "x" });
    const holder = await client.acceptSession("session-exclusive", "x", noAutoRenewal);

    await assert.rejects(client.acceptSession("session-exclusive", "x", noAutoRenewal), { code: "SessionCannotBeLocked" });

    assert.equal((await receiveOne(holder)).messageId, "x-1");
    await holder.close();
  });

  it("acceptNextSession with no session available fails with ServiceTimeout", async () => {
    const impatient = new ServiceBusClient(broker.connectionString(), { retryOptions: { maxRetries: 0, timeoutInMs: 1000 } });
    try {
      // The SDK asks the broker to wait just under its own timeout: the refusal is the broker's, not the SDK giving up.
      await assert.rejects(impatient.acceptNextSession("session-none", noAutoRenewal), { code: "ServiceTimeout", message: /became available/ });
    } finally {
      await impatient.close();
    }
  });

  it("renewSessionLock extends the session lock", async () => {
    const client = broker.get();
    const receiver = await client.acceptSession("session-renew", "r", noAutoRenewal);
    const first = receiver.sessionLockedUntilUtc;

    const renewed = await receiver.renewSessionLock();

    assert.ok(renewed >= first, "the renewed lock ends no earlier");
    assert.deepEqual(receiver.sessionLockedUntilUtc, renewed);
    await receiver.close();
  });

  it("session state is stored with the session, read back by its next receiver, and cleared", async () => {
    const client = broker.get();
    const first = await client.acceptSession("session-state", "s", noAutoRenewal);
    assert.equal(await first.getSessionState(), null, "a new session has no state");
    await first.setSessionState({ step: 3, done: ["a", "b"] });
    await first.close();

    const next = await client.acceptSession("session-state", "s", noAutoRenewal);
    assert.deepEqual(await next.getSessionState(), { step: 3, done: ["a", "b"] });
    await next.setSessionState(null);
    assert.equal(await next.getSessionState(), null);
    await next.close();
  });

  it("a session lock that runs out detaches its receiver with SessionLockLost; its message goes to the next receiver", async () => {
    const client = broker.get();
    await send(client, "session-expiry", { body: "slow", messageId: "slow", sessionId: "e" });
    const receiver = await client.acceptSession("session-expiry", "e", noAutoRenewal);
    const message = await receiveOne(receiver);
    const { promise: lost, resolve: lockLost } = signal();
    receiver.subscribe({ processMessage: async () => {}, processError: async (args) => lockLost(args.error) });

    // The broker's own timer ends the lock, one second after it was taken: the detach is the signal.
    assert.equal((await lost).code, "SessionLockLost");
    await assert.rejects(receiver.completeMessage(message), { code: "SessionLockLost" });

    const next = await client.acceptSession("session-expiry", "e", noAutoRenewal);
    const again = await receiveOne(next);
    assert.equal(again.messageId, "slow");
    assert.equal(again.deliveryCount, 1, "one delivery before this one, which the lost lock counted");
    await next.completeMessage(again);
    await next.close();
    await receiver.close();
  });

  it("refuses a send without sessionId, a plain receiver on a queue that requires sessions, and a session receiver on one that does not", async () => {
    const client = broker.get();
    await assert.rejects(send(client, "session-refusals", { body: "no session", messageId: "no-session" }), /SessionId was not set/);
    const plain = client.createReceiver("session-refusals");
    await assert.rejects(plain.receiveMessages(1, { maxWaitTimeInMs: patienceMs }), /requires sessions/);
    await plain.close();
    await assert.rejects(client.acceptNextSession("send-receive", noAutoRenewal), /does not require sessions/);
  });
});

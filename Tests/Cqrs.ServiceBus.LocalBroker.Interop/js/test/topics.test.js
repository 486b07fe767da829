import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { receiveCount, receiveOne, send, useBroker } from "./client.js";

const broker = useBroker();

/** Receives and deletes the `count` messages a subscription should hold, and checks nothing more is there. */
async function drainSubscription(client, subscription, count) {
  const receiver = client.createReceiver("events", subscription, { receiveMode: "receiveAndDelete" });
  const messages = await receiveCount(receiver, count);
  assert.deepEqual(await receiver.peekMessages(10), [], `${subscription} holds more than expected`);
  await receiver.close();
  return messages.map((message) => message.messageId);
}

describe("topics and subscriptions", () => {
  it("copies each message to every subscription whose (correlation) filter matches", async () => {
    const client = broker.get();
    await send(client, "events", [
      { body: 1, messageId: "order-eu", subject: "OrderPlaced", correlationId: "tenant-a", applicationProperties: { region: "eu" } },
      { body: 2, messageId: "order-us", subject: "OrderPlaced", correlationId: "tenant-a", applicationProperties: { region: "us" } },
      { body: 3, messageId: "paid-eu", subject: "OrderPaid", correlationId: "tenant-a", applicationProperties: { region: "eu" } },
      { body: 4, messageId: "paid-b", subject: "OrderPaid", correlationId: "tenant-b" },
    ]);

    assert.deepEqual(await drainSubscription(client, "all", 4), ["order-eu", "order-us", "paid-eu", "paid-b"]);
    assert.deepEqual(await drainSubscription(client, "orders", 2), ["order-eu", "order-us"]);
    assert.deepEqual(await drainSubscription(client, "tenant-a", 2), ["order-eu", "paid-eu"]);
  });

  it("settles per subscription: dead-lettering one copy leaves the others", async () => {
    const client = broker.get();
    await send(client, "events", { body: "copy", messageId: "copied", subject: "OrderPlaced" });
    const orders = client.createReceiver("events", "orders");
    await orders.deadLetterMessage(await receiveOne(orders), { deadLetterReason: "NotForUs", deadLetterErrorDescription: "Wrong tenant." });

    const deadLetters = client.createReceiver("events", "orders", { subQueueType: "deadLetter" });
    const dead = await receiveOne(deadLetters);
    assert.equal(dead.messageId, "copied");
    assert.equal(dead.deadLetterReason, "NotForUs");
    assert.equal(dead.deadLetterErrorDescription, "Wrong tenant.");
    await deadLetters.completeMessage(dead);

    assert.deepEqual(await drainSubscription(client, "all", 1), ["copied"]);
    await deadLetters.close();
    await orders.close();
  });

  it("fails a receive on an unknown subscription with MessagingEntityNotFound", async () => {
    const receiver = broker.get().createReceiver("events", "missing");
    await assert.rejects(receiver.receiveMessages(1, { maxWaitTimeInMs: 1000 }), { code: "MessagingEntityNotFound" });
    await receiver.close();
  });
});

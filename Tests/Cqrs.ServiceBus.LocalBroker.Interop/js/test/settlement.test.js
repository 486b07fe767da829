import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { receiveOne, send, useBroker } from "./client.js";

const broker = useBroker();

describe("settlement", () => {
  it("abandon: the message comes back with the delivery count the SDK reports one higher, and its properties modified", async () => {
    const client = broker.get();
    await send(client, "settlement", { body: "retry me", messageId: "abandoned", applicationProperties: { attempt: "first" } });
    const receiver = client.createReceiver("settlement");

    const first = await receiveOne(receiver);
    assert.equal(first.deliveryCount, 0, "the SDK reports the prior deliveries: none on the first");
    await receiver.abandonMessage(first, { attempt: "second" });

    const second = await receiveOne(receiver);
    assert.equal(second.messageId, "abandoned");
    assert.equal(second.deliveryCount, 1);
    assert.equal(second.applicationProperties.attempt, "second");
    assert.ok(second.sequenceNumber.equals(first.sequenceNumber));
    await receiver.completeMessage(second);
    await receiver.close();
  });

  it("renewing the lock of a completed message fails with MessageLockLost", async () => {
    const client = broker.get();
    await send(client, "settlement", { body: "once", messageId: "settled" });
    const receiver = client.createReceiver("settlement");
    const message = await receiveOne(receiver);

    await receiver.completeMessage(message);
    await assert.rejects(receiver.renewMessageLock(message), { code: "MessageLockLost" });
    await receiver.close();
  });

  it("a message abandoned past the max delivery count is dead-lettered with MaxDeliveryCountExceeded", async () => {
    const client = broker.get();
    await send(client, "settlement", { body: "poison", messageId: "poison" });
    const receiver = client.createReceiver("settlement");
    for (let delivery = 0; delivery < 5; delivery++) {
      await receiver.abandonMessage(await receiveOne(receiver));
    }

    const deadLetters = client.createReceiver("settlement", { subQueueType: "deadLetter" });
    const dead = await receiveOne(deadLetters);
    assert.equal(dead.messageId, "poison");
    assert.equal(dead.deadLetterReason, "MaxDeliveryCountExceeded");
    await deadLetters.completeMessage(dead);
    await deadLetters.close();
    await receiver.close();
  });

  it("defer: the message is received again only by its sequence number", async () => {
    const client = broker.get();
    await send(client, "deferral", [{ body: "later", messageId: "deferred" }, { body: "now", messageId: "next" }]);
    const receiver = client.createReceiver("deferral");

    const deferred = await receiveOne(receiver);
    assert.equal(deferred.messageId, "deferred");
    await receiver.deferMessage(deferred);
    const next = await receiveOne(receiver);
    assert.equal(next.messageId, "next", "a deferred message is not delivered again");
    await receiver.completeMessage(next);

    const [again] = await receiver.receiveDeferredMessages([deferred.sequenceNumber]);
    assert.equal(again.messageId, "deferred");
    assert.equal(again.body, "later");
    assert.ok(again.lockToken);
    await receiver.completeMessage(again);
    assert.deepEqual(await receiver.peekMessages(10), []);
    await receiver.close();
  });

  it("dead-letter with reason and description: read back from the dead-letter sub-queue", async () => {
    const client = broker.get();
    await send(client, "dead-letter", { body: "bad", messageId: "rejected", subject: "Order" });
    const receiver = client.createReceiver("dead-letter");
    await receiver.deadLetterMessage(await receiveOne(receiver), { deadLetterReason: "Invalid", deadLetterErrorDescription: "The order has no lines." });

    const deadLetters = client.createReceiver("dead-letter", { subQueueType: "deadLetter" });
    const dead = await receiveOne(deadLetters);
    assert.equal(dead.messageId, "rejected");
    assert.equal(dead.subject, "Order");
    assert.equal(dead.body, "bad");
    assert.equal(dead.deadLetterReason, "Invalid");
    assert.equal(dead.deadLetterErrorDescription, "The order has no lines.");
    await deadLetters.completeMessage(dead);
    assert.deepEqual(await deadLetters.peekMessages(10), []);
    assert.deepEqual(await receiver.peekMessages(10), []);
    await deadLetters.close();
    await receiver.close();
  });

  it("renews a lock: the new lock ends later, and the message can still be completed", async () => {
    const client = broker.get();
    await send(client, "locks", { body: "slow", messageId: "renewed" });
    const receiver = client.createReceiver("locks");
    const message = await receiveOne(receiver);
    const firstLock = message.lockedUntilUtc;

    const renewed = await receiver.renewMessageLock(message);

    assert.ok(renewed > firstLock, `renewed ${renewed.toISOString()} after ${firstLock.toISOString()}`);
    assert.equal(message.lockedUntilUtc.getTime(), renewed.getTime());
    await receiver.completeMessage(message);
    assert.deepEqual(await receiver.peekMessages(10), []);
    await receiver.close();
  });
});

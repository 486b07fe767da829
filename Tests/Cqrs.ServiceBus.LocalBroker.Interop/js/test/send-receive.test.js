import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { patienceMs, receiveCount, receiveOne, send, useBroker } from "./client.js";

const broker = useBroker();

describe("send and receive", () => {
  it("sends one message and receives it in peek-lock, then completes it", async () => {
    const client = broker.get();
    await send(client, "send-receive", { body: "hello", messageId: "single" });
    const receiver = client.createReceiver("send-receive");

    const message = await receiveOne(receiver);
    assert.equal(message.body, "hello");
    assert.equal(message.messageId, "single");
    assert.ok(message.lockToken, "a peek-locked message has a lock token");
    assert.ok(message.lockedUntilUtc > new Date(Date.now() - 1000), "and a lock in the future");
    await receiver.completeMessage(message);

    assert.deepEqual(await receiver.peekMessages(10), [], "a completed message is gone");
    await receiver.close();
  });

  it("sends a batch and receives its messages in order", async () => {
    const client = broker.get();
    const sender = client.createSender("batches");
    const batch = await sender.createMessageBatch();
    assert.equal(batch.maxSizeInBytes, 256 * 1024, "sized by the broker's max-message-size, as on the Standard tier");
    for (const id of ["b-1", "b-2", "b-3"]) {
      assert.ok(batch.tryAddMessage({ body: id, messageId: id }));
    }

    await sender.sendMessages(batch);
    await sender.sendMessages([{ body: "b-4", messageId: "b-4" }, { body: "b-5", messageId: "b-5" }]);
    await sender.close();

    const receiver = client.createReceiver("batches", { receiveMode: "receiveAndDelete" });
    const messages = await receiveCount(receiver, 5);
    assert.deepEqual(messages.map((message) => message.messageId), ["b-1", "b-2", "b-3", "b-4", "b-5"]);
    assert.ok(messages.every((message, i) => i === 0 || message.sequenceNumber.greaterThan(messages[i - 1].sequenceNumber)));
    await receiver.close();
  });

  it("receives and deletes: the message is gone once received and has no lock", async () => {
    const client = broker.get();
    await send(client, "receive-and-delete", { body: "once", messageId: "rad" });
    const receiver = client.createReceiver("receive-and-delete", { receiveMode: "receiveAndDelete" });

    const message = await receiveOne(receiver);
    assert.equal(message.messageId, "rad");
    assert.equal(message.lockToken, undefined);
    assert.deepEqual(await receiver.peekMessages(10), []);
    await receiver.close();
  });

  it("round-trips the message properties and body bytes", async () => {
    const client = broker.get();
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await send(client, "properties", {
      body: bytes,
      messageId: "props-1",
      subject: "OrderPlaced",
      correlationId: "corr-1",
      contentType: "application/octet-stream",
      replyTo: "replies",
      to: "someone",
      timeToLive: 60_000,
      applicationProperties: { text: "value", count: 42, ratio: 1.5, flag: true },
    });
    await send(client, "properties", { body: { order: 7, lines: ["a", "b"] }, messageId: "props-2", contentType: "application/json" });
    const receiver = client.createReceiver("properties", { receiveMode: "receiveAndDelete" });

    const [binary, json] = await receiveCount(receiver, 2);
    assert.ok(Buffer.isBuffer(binary.body));
    assert.deepEqual([...binary.body], [...bytes]);
    assert.equal(binary.messageId, "props-1");
    assert.equal(binary.subject, "OrderPlaced");
    assert.equal(binary.correlationId, "corr-1");
    assert.equal(binary.contentType, "application/octet-stream");
    assert.equal(binary.replyTo, "replies");
    assert.equal(binary.to, "someone");
    assert.equal(binary.timeToLive, 60_000);
    assert.deepEqual(binary.applicationProperties, { text: "value", count: 42, ratio: 1.5, flag: true });
    assert.ok(binary.enqueuedTimeUtc instanceof Date);
    assert.equal(binary.expiresAtUtc.getTime(), binary.enqueuedTimeUtc.getTime() + 60_000);
    assert.deepEqual(json.body, { order: 7, lines: ["a", "b"] });
    assert.equal(json.contentType, "application/json");
    await receiver.close();
  });

  it("fails a send and a receive on an unknown queue with MessagingEntityNotFound", async () => {
    const client = broker.get();
    const sender = client.createSender("missing");
    await assert.rejects(sender.sendMessages({ body: "x" }), { code: "MessagingEntityNotFound" });
    const receiver = client.createReceiver("missing");
    await assert.rejects(receiver.receiveMessages(1, { maxWaitTimeInMs: patienceMs }), { code: "MessagingEntityNotFound" });
    await sender.close();
    await receiver.close();
  });
});

// Duplicate detection, as the SDK meets it: a messageId the queue or topic accepted within its window is accepted
// again (the send succeeds) and dropped. A send resolves once the broker has stored what it keeps, so a peek right
// after it shows what a receiver will get. The window (10 minutes unless set) does not run out within these tests.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { receiveOne, send, useBroker } from "./client.js";

const broker = useBroker();

/** Peeks everything an entity holds, as [messageId, body] pairs in sequence order. */
async function peekAll(client, ...entity) {
  const receiver = client.createReceiver(...entity);
  try {
    const messages = await receiver.peekMessages(100);
    return messages.map((message) => [message.messageId, message.body]);
  } finally {
    await receiver.close();
  }
}

describe("duplicate detection", () => {
  it("accepts a repeated messageId and drops it", async () => {
    const client = broker.get();
    await send(client, "deduplicated", { body: "first", messageId: "order-1" });
    await send(client, "deduplicated", { body: "repeat", messageId: "order-1" });
    await send(client, "deduplicated", { body: "next", messageId: "order-2" });

    assert.deepEqual(await peekAll(client, "deduplicated"), [["order-1", "first"], ["order-2", "next"]]);
    const receiver = client.createReceiver("deduplicated", { receiveMode: "receiveAndDelete" });
    assert.equal((await receiveOne(receiver)).body, "first");
    assert.equal((await receiveOne(receiver)).body, "next");
    await receiver.close();
  });

  it("drops a repeat inside one batch and across batches", async () => {
    const client = broker.get();
    const sender = client.createSender("deduplicated-batches");
    const batch = await sender.createMessageBatch();
    for (const [messageId, body] of [["a", "first"], ["b", "first"], ["a", "repeat"]]) {
      assert.ok(batch.tryAddMessage({ body, messageId }));
    }

    await sender.sendMessages(batch);
    await sender.sendMessages([{ body: "repeat", messageId: "b" }, { body: "first", messageId: "c" }]);
    await sender.close();

    assert.deepEqual(await peekAll(client, "deduplicated-batches"), [["a", "first"], ["b", "first"], ["c", "first"]]);
  });

  it("counts scheduled messages in: a scheduled repeat and a plain repeat of a scheduled message are dropped", async () => {
    const client = broker.get();
    const sender = client.createSender("deduplicated-scheduling");
    const later = new Date(Date.now() + 3_600_000);
    const [scheduled] = await sender.scheduleMessages({ body: "first", messageId: "scheduled" }, later);
    const [repeat] = await sender.scheduleMessages({ body: "repeat", messageId: "scheduled" }, later);
    await sender.sendMessages({ body: "sent now", messageId: "scheduled" });
    await sender.sendMessages({ body: "first", messageId: "sent" });
    await sender.scheduleMessages({ body: "scheduled repeat", messageId: "sent" }, later);
    await sender.close();

    assert.ok(!repeat.equals(scheduled), "the dropped repeat has a sequence number of its own, as from the service");
    assert.deepEqual(await peekAll(client, "deduplicated-scheduling"), [["scheduled", "first"], ["sent", "first"]]);
  });

  it("drops a repeat sent to a topic before any subscription gets it", async () => {
    const client = broker.get();
    await send(client, "deduplicated-events", [{ body: "first", messageId: "e1" }, { body: "repeat", messageId: "e1" }]);
    await send(client, "deduplicated-events", { body: "again", messageId: "e1" });

    assert.deepEqual(await peekAll(client, "deduplicated-events", "all"), [["e1", "first"]]);
  });

  it("keeps every repeat on an entity without duplicate detection", async () => {
    const client = broker.get();
    await send(client, "repeats", [{ body: 1, messageId: "same" }, { body: 2, messageId: "same" }]);
    await send(client, "repeats", { body: 3, messageId: "same" });

    assert.deepEqual(await peekAll(client, "repeats"), [["same", 1], ["same", 2], ["same", 3]]);
  });
});

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { receiveOne, send, useBroker } from "./client.js";

const broker = useBroker();

describe("peek", () => {
  it("peeks without locking, and from a sequence number on", async () => {
    const client = broker.get();
    await send(client, "peek", ["p-1", "p-2", "p-3"].map((id) => ({ body: id, messageId: id })));
    const receiver = client.createReceiver("peek");

    const all = await receiver.peekMessages(10);
    assert.deepEqual(all.map((message) => message.messageId), ["p-1", "p-2", "p-3"]);
    assert.ok(all.every((message) => message.lockToken === undefined));

    const fromSecond = await receiver.peekMessages(10, { fromSequenceNumber: all[1].sequenceNumber });
    assert.deepEqual(fromSecond.map((message) => message.messageId), ["p-2", "p-3"]);
    const justOne = await receiver.peekMessages(1, { fromSequenceNumber: all[0].sequenceNumber });
    assert.deepEqual(justOne.map((message) => message.messageId), ["p-1"]);

    const received = await receiveOne(receiver);
    assert.equal(received.messageId, "p-1", "peeking locked nothing");
    assert.equal(received.deliveryCount, 0, "peeking counts no delivery");
    await receiver.completeMessage(received);
    await receiver.close();
  });
});

describe("scheduled messages", () => {
  it("schedules a message that arrives once due", async () => {
    const client = broker.get();
    const sender = client.createSender("scheduling");
    const due = new Date(Date.now() + 500);
    const [sequenceNumber] = await sender.scheduleMessages({ body: "due soon", messageId: "scheduled" }, due);
    assert.ok(sequenceNumber.greaterThan(0));
    await sender.close();

    const receiver = client.createReceiver("scheduling");
    const message = await receiveOne(receiver);
    assert.equal(message.messageId, "scheduled");
    assert.ok(message.sequenceNumber.equals(sequenceNumber));
    assert.equal(message.scheduledEnqueueTimeUtc.getTime(), due.getTime());
    await receiver.completeMessage(message);
    await receiver.close();
  });

  it("honours scheduledEnqueueTimeUtc on an ordinary send", async () => {
    const client = broker.get();
    const due = new Date(Date.now() + 300);
    await send(client, "scheduling", { body: "sent scheduled", messageId: "send-scheduled", scheduledEnqueueTimeUtc: due });
    const receiver = client.createReceiver("scheduling", { receiveMode: "receiveAndDelete" });

    const message = await receiveOne(receiver);
    assert.equal(message.messageId, "send-scheduled");
    assert.equal(message.scheduledEnqueueTimeUtc.getTime(), due.getTime());
    await receiver.close();
  });

  it("cancels a scheduled message: it never arrives", async () => {
    const client = broker.get();
    const sender = client.createSender("scheduling");
    const far = new Date(Date.now() + 3_600_000);
    const [cancelled] = await sender.scheduleMessages({ body: "never", messageId: "cancelled" }, far);
    const [kept] = await sender.scheduleMessages([{ body: "kept", messageId: "kept" }], far);
    const receiver = client.createReceiver("scheduling");
    const scheduled = await receiver.peekMessages(10, { fromSequenceNumber: cancelled });
    assert.deepEqual(scheduled.map((message) => message.messageId), ["cancelled", "kept"], "a scheduled message can be peeked");

    await sender.cancelScheduledMessages([cancelled]);

    const left = await receiver.peekMessages(10, { fromSequenceNumber: cancelled });
    assert.deepEqual(left.map((message) => message.messageId), ["kept"]);
    await sender.cancelScheduledMessages(kept);
    assert.deepEqual(await receiver.peekMessages(10, { fromSequenceNumber: cancelled }), []);
    await sender.close();
    await receiver.close();
  });
});

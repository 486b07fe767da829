import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { patienceMs, receiveOne, send, signal, useBroker } from "./client.js";

const broker = useBroker();

/** A short wait for a receive that is expected to find nothing: the SDK then drains the link's credit. */
const emptyWaitMs = 300;

describe("receiveMessages with timeouts (drain)", () => {
  for (const receiveMode of ["peekLock", "receiveAndDelete"]) {
    it(`${receiveMode}: a receive that timed out leaves no stranded message for the next receive`, async () => {
      const client = broker.get();
      const receiver = client.createReceiver("drain", { receiveMode });

      assert.deepEqual(await receiver.receiveMessages(1, { maxWaitTimeInMs: emptyWaitMs }), []);
      assert.deepEqual(await receiver.receiveMessages(5, { maxWaitTimeInMs: emptyWaitMs }), []);
      await send(client, "drain", { body: "after-drain", messageId: `${receiveMode}-after-drain` });

      const message = await receiveOne(receiver);
      assert.equal(message.messageId, `${receiveMode}-after-drain`);
      if (receiveMode === "peekLock") {
        await receiver.completeMessage(message);
      }

      await receiver.close();
    });
  }

  it("returns what is there, up to the count asked, once the wait ends", async () => {
    const client = broker.get();
    await send(client, "drain", [1, 2, 3].map((i) => ({ body: i, messageId: `some-${i}` })));
    const receiver = client.createReceiver("drain", { receiveMode: "receiveAndDelete" });

    const first = await receiver.receiveMessages(2, { maxWaitTimeInMs: patienceMs });
    const rest = await receiver.receiveMessages(5, { maxWaitTimeInMs: emptyWaitMs });

    assert.deepEqual([...first, ...rest].map((message) => message.messageId), ["some-1", "some-2", "some-3"]);
    assert.ok(first.length >= 1 && first.length <= 2);
    await receiver.close();
  });
});

describe("subscribe (streaming receive)", () => {
  it("delivers messages sent before and after it starts, and auto-completes them", async () => {
    const client = broker.get();
    await send(client, "streaming", { body: "before", messageId: "before" });
    const receiver = client.createReceiver("streaming");
    const received = [];
    const { promise: allReceived, resolve: done, reject: fail } = signal();
    const subscription = receiver.subscribe({
      processMessage: async (message) => {
        received.push(message.messageId);
        if (received.length === 2) {
          done();
        }
      },
      processError: async ({ error }) => fail(error),
    });

    await send(client, "streaming", { body: "after", messageId: "after" });
    await allReceived;
    await subscription.close();

    assert.deepEqual(received, ["before", "after"]);
    assert.deepEqual(await receiver.peekMessages(10), [], "auto-completed");
    await receiver.close();
  });

  it("settles by hand with autoCompleteMessages off: an abandoned message comes back", async () => {
    const client = broker.get();
    await send(client, "streaming", { body: "manual", messageId: "manual" });
    const receiver = client.createReceiver("streaming");
    const deliveryCounts = [];
    const { promise: completed, resolve: done, reject: fail } = signal();
    const subscription = receiver.subscribe(
      {
        processMessage: async (message) => {
          deliveryCounts.push(message.deliveryCount);
          if (deliveryCounts.length === 1) {
            await receiver.abandonMessage(message);
          } else {
            await receiver.completeMessage(message);
            done();
          }
        },
        processError: async ({ error }) => fail(error),
      },
      { autoCompleteMessages: false },
    );

    await completed;
    await subscription.close();
    assert.deepEqual(deliveryCounts, [0, 1]);
    await receiver.close();
  });
});

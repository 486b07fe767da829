// Each test file gets its own broker and ServiceBusClient, started before its tests and stopped after them.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { ServiceBusClient } from "@azure/service-bus";
import { startBroker } from "./broker.js";

/** How long a receive waits for a message that is expected; a hang fails the test instead of stalling the run. */
export const patienceMs = 10_000;

/** Registers the broker's start and stop for the calling test file; `get()` returns the connected client. */
export function useBroker() {
  let broker;
  let client;
  before(async () => {
    broker = await startBroker();
    client = new ServiceBusClient(broker.connectionString, { retryOptions: { maxRetries: 1, timeoutInMs: patienceMs } });
  });
  after(async () => {
    await client?.close();
    await broker?.stop();
  });
  return { get: () => client, connectionString: () => broker.connectionString };
}

/** Receives exactly one message, failing when none arrives within the patience. */
export async function receiveOne(receiver) {
  const messages = await receiver.receiveMessages(1, { maxWaitTimeInMs: patienceMs });
  assert.equal(messages.length, 1, "expected a message");
  return messages[0];
}

/** Receives until `count` messages have come, failing when one does not arrive within the patience. */
export async function receiveCount(receiver, count) {
  const received = [];
  while (received.length < count) {
    const messages = await receiver.receiveMessages(count - received.length, { maxWaitTimeInMs: patienceMs });
    assert.ok(messages.length > 0, `expected ${count} messages, got ${received.length}`);
    received.push(...messages);
  }

  return received;
}

/** Sends a message or an array of them, on a sender of its own. */
export async function send(client, entity, messages) {
  const sender = client.createSender(entity);
  try {
    await sender.sendMessages(messages);
  } finally {
    await sender.close();
  }
}

/** A promise with its resolve and reject, for a handler to signal the test (Promise.withResolvers, before node 22). */
export function signal() {
  let resolve;
  let reject;
  const promise = new Promise((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

// Messages between the .NET client (Azure.Messaging.ServiceBus, run as a child process) and the JavaScript SDK: each
// reads the body bytes and the properties the other sent.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { builtAssembly } from "./dotnet.js";
import { receiveOne, send, useBroker } from "./client.js";

const broker = useBroker();
const runFile = promisify(execFile);

/** Runs the .NET peer (`send` or `receive`); a description goes in on stdin, or comes back on stdout. */
async function dotnetPeer(command, queue, description) {
  const peer = builtAssembly("Tests/Cqrs.ServiceBus.LocalBroker.Interop/DotNetPeer", "Cqrs.ServiceBus.LocalBroker.Interop.DotNetPeer");
  const run = runFile("dotnet", [peer, command, broker.connectionString(), queue], { timeout: 60_000 });
  run.child.stdin.end(description === undefined ? "" : JSON.stringify(description));
  const { stdout } = await run;
  return stdout.trim() === "" ? undefined : JSON.parse(stdout);
}

const bytes = Buffer.from([0, 1, 2, 127, 128, 250, 255]);
const properties = {
  messageId: "interop-1",
  subject: "OrderPlaced",
  correlationId: "corr-7",
  contentType: "application/octet-stream",
  timeToLive: 90_000,
};
const applicationProperties = { text: "value", count: 42, ratio: 1.5, flag: true };

describe(".NET client interop", () => {
  it("a message the .NET client sends is read by the JavaScript SDK", async () => {
    const { timeToLive, ...rest } = properties;
    await dotnetPeer("send", "dotnet-to-js", { body: bytes.toString("base64"), ...rest, timeToLiveMs: timeToLive, applicationProperties });
    const receiver = broker.get().createReceiver("dotnet-to-js", { receiveMode: "receiveAndDelete", skipParsingBodyAsJson: true });

    const message = await receiveOne(receiver);

    assert.deepEqual([...message.body], [...bytes]);
    for (const [name, value] of Object.entries(properties)) {
      assert.equal(message[name], value, name);
    }

    assert.deepEqual(message.applicationProperties, applicationProperties);
    await receiver.close();
  });

  it("a message the JavaScript SDK sends is read by the .NET client", async () => {
    await send(broker.get(), "js-to-dotnet", { body: bytes, ...properties, applicationProperties });

    const received = await dotnetPeer("receive", "js-to-dotnet");

    const { timeToLive, ...rest } = properties;
    assert.deepEqual(received, { body: bytes.toString("base64"), ...rest, timeToLiveMs: timeToLive, applicationProperties });
  });
});

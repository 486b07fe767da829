// Starts the standalone broker host on a free loopback port with this suite's topology, and stops it. The host prints
// its connection string on its first line of stdout.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { builtAssembly } from "./dotnet.js";

const topology = fileURLToPath(new URL("./topology.json", import.meta.url));

// The test runner ends a test file that timed out with a signal, which skips its after hooks and the exit event: the
// signal becomes an exit here, so that the brokers this process started are stopped with it.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => process.exit(1));
}

/** Starts a broker; resolves once it prints its connection string, rejects if it exits first. */
export async function startBroker() {
  const hostDll = builtAssembly("Framework/Cqrs.ServiceBus.LocalBroker.Host", "Cqrs.ServiceBus.LocalBroker.Host");
  const child = spawn("dotnet", [hostDll, "--topology", topology, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  // Stopped with this process too, should a test file end without its after hook (a crash, a timeout).
  const stopWithThisProcess = () => child.kill("SIGTERM");
  process.once("exit", stopWithThisProcess);
  const stderr = [];
  child.stderr.on("data", (chunk) => stderr.push(chunk));
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  const firstLine = once(lines, "line");
  const outcome = await Promise.race([firstLine.then(([line]) => ({ line })), exited.then(([code]) => ({ code }))]);
  if (outcome.line === undefined) {
    throw new Error(`The broker host exited with ${outcome.code} before it was ready: ${Buffer.concat(stderr)}`);
  }

  return {
    connectionString: outcome.line.trim(),
    async stop() {
      process.removeListener("exit", stopWithThisProcess);
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

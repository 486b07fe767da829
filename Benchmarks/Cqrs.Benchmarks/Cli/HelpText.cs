namespace Cqrs.Benchmarks.Cli;

/// <summary>What <c>--help</c> prints.</summary>
internal static class HelpText
{
    public const string Usage = """
        Cqrs benchtest: in-process throughput, latency and ops per dollar.

        Usage:
          dotnet run -c Release --project Benchmarks/Cqrs.Benchmarks -- [options]
          dotnet run -c Release --project Benchmarks/Cqrs.Benchmarks -- stores [EVENTS]

        One operation is a command, its event, and that event's two handlers. Tasks send commands as fast as
        the bus accepts them (closed loop) unless --rate sets a fixed offered load (open loop; tasks × commands
        operations are still sent). A warm-up runs first, in rounds until the JIT has settled. The table goes
        to stdout, progress to stderr, and the last line of stdout is the result as JSON (after
        --compare-sampling or --sweep, one JSON line per run, the headline run last: the chosen sampling, or
        the knee; with --consumers, one per count of consumers).

        Options:
          --tasks N             tasks sending commands (default 8)
          --commands N          commands per task (default 50000)
          --warmup N            operations per warm-up round (default 100000, at most the measured count)
          --in-flight N         operations under way at once, the bus's back-pressure (default: the framework's)
          --cores N             run on the first N cores the process may use, with N in-process workers: the
                                CLI runs itself again as a child pinned to them from its start, so the runtime
                                sees N processors (as on a plan with N cores); in place when already so pinned.
                                On one core the child runs with DOTNET_TC_DelaySingleProcMultiplier=1, as the
                                Bicep's app on B1 does, unless the environment sets it (JSON: tieringDelayMs)
          --pinning from-start|after-start
                                with --cores: from-start (default) as above; after-start narrows this process's
                                affinity after its runtime started on every core (thread pool and GC sized for
                                those, and on Linux threads already started keep every core): for comparison
          --workers N           in-process workers (default: one per core); more suit handlers that wait on I/O
          --telemetry on|off    OpenTelemetry traces and metrics exported (default on)
          --sampling R          share of traces sampled, 0 to 1 (default 0.01)
          --export-batch N      spans exported at a time, 1 to 2048 (default 512, OpenTelemetry's); sampled
                                spans wait for their batch, and smaller batches keep them out of gen1 and gen2
          --direct              direct dispatch: handlers run in the sender's call, no serialization
          --direct-validation on|off
                                whether direct dispatch validates at send (default on, as the other modes)
          --transport inprocess|servicebus
                                what carries the messages (default inprocess); servicebus runs a baseline
                                (one message at a time) and then the tuned transport, and shows both
          --connection-string S a Service Bus namespace for --transport servicebus (default: a local broker
                                started for the run); it needs the queue cqrs-commands and the topic
                                cqrs-events with the subscription default
          --network-delay MS    the local broker holds every frame MS milliseconds each way, as the network
                                to a namespace would (default 0: loopback, where round trips cost CPU time,
                                not waiting, and batching saves far less than it does in Azure)
          --store none|memory|sqlite
                                where the command handler records its event: none publishes it at once
                                (default); memory or sqlite append it to a new event-sourced aggregate whose
                                outbox publishes it (a run that doubles a delivery fails)
          --saga                with --store memory|sqlite: each operation starts a saga (a command), advances
                                it with an event and completes it, which publishes the operation's event
          --rate N              open loop: one timer-paced sender offers N operations per second
          --price USD           plan price per hour for ops per dollar (default 0.075, B1 on Windows)
          --target-rate A,B,... size an app for these rates (ops/s) from the run's CPU µs/op and broker
                                operations per op: instances of B1, S1 and P1v3 and the Service Bus tier,
                                with monthly list prices (a table, and "sizing" in the JSON); with
                                --consumers, from the consumers' CPU time
          --compare-sampling    run at --sampling and at 1.0 and show both
          --repeat N            run the same benchtest N times in this process, each run with its own warm-up,
                                and show each run and the spread (median, min, max, largest deviation from the
                                median) of ops/s, CPU µs/op, p99 and B/op; one JSON line per run, the median run
                                (by ops/s) last, with the spread fields
          --sweep               run at rising concurrency (tasks = operations in flight) and find the knee
          --levels A,B,...      concurrency levels of the sweep (default 1,2,4,8,16,32,64,128)
          --consumers A,B,...   with --transport servicebus: for each count, a local broker in a process of its
                                own, that many consumer processes (each its own runtime, pinned from its start
                                to --cores processors, default 1, taken in turn from this machine's) and a
                                sender process (--tasks × --commands); per count: ops/s, CPU µs/op of the
                                consumers, the broker and the sender, broker operations per op, lost and doubled
                                operations, one JSON line each, and a chart
          --churn KILLS         with --transport servicebus: two consumer processes logging their handler runs
                                durably; one of them, at random, killed (SIGKILL) and restarted KILLS times while
                                the commands flow; then the logs say what was lost and what repeated, and under
                                which message ids (one JSON line); --seed N draws the same kills again;
                                --inbox: the handlers work through one inbox (a SQLite file both consumers
                                open), and the logs say which effects repeated, and why: a consumer killed
                                between an effect and its record, two consumers at once, or (a failure)
                                after the record
                                --ordering: keyed commands of their own (RecordKeyedNumber) and their
                                events carry ordering keys (16 per sending task), on session entities,
                                and the logs say how many first runs came after a later one of their key
          --chart PATH          where the chart goes (default benchtest-sweep.svg, or benchtest-consumers.svg
                                with --consumers)
          -h, --help            this text

        stores measures each event store (memory, SQLite, Azure Tables when Azurite listens on 127.0.0.1:10002):
        append throughput and the load time of an EVENTS-long stream (default 10000) without and with snapshots.

        Exit codes: 0 done, 1 the run failed, 2 bad arguments.

        """;
}

using Cqrs.CrashApp;

// Modes (the tests in Tests/Cqrs.EventSourcing.Tests start this as a child process):
// Each takes "queued" (the in-process transport's queue) or "direct" (direct dispatch) as its transport.
//   write <transport> <directory> <run>
//                              writers append until killed; each append acknowledged prints "ack <stream> <version>"
//   drain <transport> <directory>
//                              publishes what the outbox holds, lets every handler finish, and exits
//   rebuild <directory>        rebuilds the durable projection from the store, and exits
// The saga modes keep the countdowns in the SQLite file in <directory>, or, given [<connection string> <table prefix>],
// in Azure Table storage (the tests' Azurite) under that prefix.
//   saga-arm <directory> <count> [<store>]
//                              starts countdown sagas whose timeouts are due at once, without firing them; prints
//                              "armed" and waits to be killed
//   saga-fire <directory> [<store>]
//                              fires due saga timeouts, printing "fired <id>" for each, until killed
//   saga-drain <directory> <count> [<store>]
//                              fires what is left, then prints "state <id> <fired> <completed>" per countdown, and exits
//   saga-sb-arm <directory> <connection string> <count> <delay seconds>
//                              over the Service Bus broker the test runs: starts countdowns whose timeouts are due after
//                              the delay, waits until the broker took every one, prints "armed" and waits to be killed
//   saga-sb-drain <directory> <connection string> <count>
//                              over that broker: waits until every countdown took its timeout, then prints
//                              "state <id> <fired> <completed>" per countdown, and exits
//   hold-lock <file> <stream> <event id>
//                              appends one event as version 1 of the stream holding SQLite's write lock: prints
//                              "locked" and commits when a line comes on its input
return args switch
{
    ["write", "queued" or "direct", var directory, var run] => await CrashRuns.WriteAsync(directory, int.Parse(run, System.Globalization.CultureInfo.InvariantCulture), direct: args[1] == "direct"),
    ["drain", "queued" or "direct", var directory] => await CrashRuns.DrainAsync(directory, direct: args[1] == "direct"),
    ["rebuild", var directory] => await CrashRuns.RebuildAsync(directory),
    ["saga-arm", var directory, var count, .. var store] => await SagaRuns.ArmAsync(directory, int.Parse(count, System.Globalization.CultureInfo.InvariantCulture), SagaStores.Of(directory, store)),
    ["saga-fire", var directory, .. var store] => await SagaRuns.FireAsync(directory, SagaStores.Of(directory, store)),
    ["saga-drain", var directory, var count, .. var store] => await SagaRuns.DrainAsync(directory, int.Parse(count, System.Globalization.CultureInfo.InvariantCulture), SagaStores.Of(directory, store)),
    ["saga-sb-arm", var directory, var connection, var count, var delay] => await ServiceBusSagaRuns.ArmAsync(directory, connection, int.Parse(count, System.Globalization.CultureInfo.InvariantCulture), int.Parse(delay, System.Globalization.CultureInfo.InvariantCulture)),
    ["saga-sb-drain", var directory, var connection, var count] => await ServiceBusSagaRuns.DrainAsync(directory, connection, int.Parse(count, System.Globalization.CultureInfo.InvariantCulture)),
    ["hold-lock", var file, var stream, var eventId] => await ForeignAppend.HoldLockAsync(file, stream, Guid.Parse(eventId)),
    _ => Usage(),
};

static int Usage()
{
    Console.Error.WriteLine("usage: write queued|direct <directory> <run> | drain queued|direct <directory> | rebuild <directory> | saga-arm <directory> <count> [<store>] | saga-fire <directory> [<store>] | saga-drain <directory> <count> [<store>] | saga-sb-arm <directory> <connection string> <count> <delay seconds> | saga-sb-drain <directory> <connection string> <count> | hold-lock <file> <stream> <event id>");
    return 2;
}

using Cqrs.CrashApp;

// Modes (the tests in Tests/Cqrs.EventSourcing.Tests start this as a child process):
// Each takes "queued" (the in-process transport's queue) or "direct" (direct dispatch) as its transport.
//   write <transport> <directory> <run>
//                              writers append until killed; each append acknowledged prints "ack <stream> <version>"
//   drain <transport> <directory>
//                              publishes what the outbox holds, lets every handler finish, and exits
//   rebuild <directory>        rebuilds the durable projection from the store, and exits
//   hold-lock <file> <stream> <event id>
//                              appends one event as version 1 of the stream holding SQLite's write lock: prints
//                              "locked" and commits when a line comes on its input
return args switch
{
    ["write", "queued" or "direct", var directory, var run] => await CrashRuns.WriteAsync(directory, int.Parse(run, System.Globalization.CultureInfo.InvariantCulture), direct: args[1] == "direct"),
    ["drain", "queued" or "direct", var directory] => await CrashRuns.DrainAsync(directory, direct: args[1] == "direct"),
    ["rebuild", var directory] => await CrashRuns.RebuildAsync(directory),
    ["hold-lock", var file, var stream, var eventId] => await ForeignAppend.HoldLockAsync(file, stream, Guid.Parse(eventId)),
    _ => Usage(),
};

static int Usage()
{
    Console.Error.WriteLine("usage: write queued|direct <directory> <run> | drain queued|direct <directory> | rebuild <directory> | hold-lock <file> <stream> <event id>");
    return 2;
}

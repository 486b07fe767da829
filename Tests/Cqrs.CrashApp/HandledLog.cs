namespace Cqrs.CrashApp;

/// <summary>
/// An append-only file of "event id, handler" lines, one per handler call that completed. Each line is written to
/// the kernel before the handler returns: a SIGKILL keeps it (only a power cut would need an fsync). A kill may cut
/// the last line short; readers skip it.
/// </summary>
public sealed class HandledLog : IDisposable
{
    public const string FileName = "handled.log";

    private readonly StreamWriter _writer;

    public HandledLog(string directory) =>
        _writer = new StreamWriter(new FileStream(Path.Combine(directory, FileName), FileMode.Append, FileAccess.Write, FileShare.ReadWrite)) { AutoFlush = true };

    public void Record(Guid eventId, string handler)
    {
        lock (_writer)
        {
            _writer.Write($"{eventId:N} {handler}\n");
        }
    }

    public void Dispose() => _writer.Dispose();
}

namespace Cqrs.Benchmarks.Cli;

/// <summary>The command line cannot be run as given; the message says why.</summary>
internal sealed class UsageException(string message) : Exception(message);

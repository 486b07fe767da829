namespace Cqrs.Functions.LocalHost.Protocol;

/// <summary>The worker refused a step of its start, or went away.</summary>
public sealed class WorkerFailedException(string message) : Exception(message);

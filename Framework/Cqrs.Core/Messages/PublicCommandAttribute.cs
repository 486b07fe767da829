namespace Cqrs;

/// <summary>
/// Declares a command that callers outside the app may send, such as over HTTP ingestion. A command without it is
/// reachable only from the app's own code: ingestion never exposes a command by default. A saga's timeout, which the
/// saga sends to itself, may not carry it (the source generator reports CQRS030).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, Inherited = false)]
public sealed class PublicCommandAttribute : Attribute;

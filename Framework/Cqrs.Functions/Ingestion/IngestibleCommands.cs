using System.Collections.Frozen;

namespace Cqrs.Functions.Ingestion;

/// <summary>The commands HTTP callers may send, by wire name: built once, at start-up, from <see cref="CommandIngestionBuilder"/>.</summary>
internal sealed class IngestibleCommands(IReadOnlyDictionary<string, IngestibleCommand> commands)
{
    public FrozenDictionary<string, IngestibleCommand> ByWireName { get; } = commands.ToFrozenDictionary(StringComparer.Ordinal);
}

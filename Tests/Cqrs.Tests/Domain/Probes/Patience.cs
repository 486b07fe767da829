namespace Cqrs.Tests.Domain.Probes;

/// <summary>How long a test waits for something that should happen: generous, so only a real failure runs into it.</summary>
public static class Patience
{
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(15);
}

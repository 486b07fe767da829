namespace Cqrs.Testing.Domain.Probes;

/// <summary>
/// How long a test waits for something that should happen: generous, so only a real failure runs into it, even on a
/// shared machine running other builds.
/// </summary>
public static class Patience
{
    /// <summary>Sixty seconds.</summary>
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);
}

namespace Cqrs.Tests.Serialization.Untrusted;

/// <summary>An enum on a signed 16-bit base, for <see cref="HostileEverything"/>.</summary>
public enum HostileShade : short
{
    Dark = -1,
    None = 0,
    Light = 1,
}

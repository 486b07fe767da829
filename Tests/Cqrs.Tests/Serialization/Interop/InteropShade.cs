namespace Cqrs.Tests.Serialization.Interop;

/// <summary>An enum with a signed 16-bit base, shared by both sides: enums are written as their underlying integer.</summary>
public enum InteropShade : short
{
    Dark = -2,
    None = 0,
    Light = 300,
}

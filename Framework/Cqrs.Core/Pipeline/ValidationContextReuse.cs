using System.Reflection;
using FluentValidation;

namespace Cqrs.Pipeline;

/// <summary>The FluentValidation release <see cref="ReusedValidationContext{T}"/> and <see cref="ValidatorRules{T}"/> reach into, as the tests pin it.</summary>
internal static class ValidationContextReuse
{
    /// <summary>The version pinned in Directory.Packages.props; a test fails when the two differ, so the reuse is tested again before it runs on another release.</summary>
    public const string TestedFluentValidation = "12.2.0";

    /// <summary>Whether the FluentValidation in use is the tested release: read once, for every message type's validation.</summary>
    public static readonly bool TestedReleaseInUse =
        IsTestedRelease(typeof(IValidator).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion);

    /// <summary>
    /// Whether <paramref name="informationalVersion"/> (a FluentValidation assembly's, such as <c>12.2.0+commit</c>) is
    /// the release whose non-public members a reused context and a validator's rules were tested against.
    /// </summary>
    internal static bool IsTestedRelease(string? informationalVersion) =>
        informationalVersion is not null
        && informationalVersion.Split('+')[0] == TestedFluentValidation;
}

namespace Cqrs.Pipeline;

/// <summary>The FluentValidation release <see cref="ReusedValidationContext{T}"/> reaches into, as the tests pin it.</summary>
internal static class ValidationContextReuse
{
    /// <summary>The version pinned in Directory.Packages.props; a test fails when the two differ, so the reuse is tested again before it runs on another release.</summary>
    public const string TestedFluentValidation = "12.2.0";
}

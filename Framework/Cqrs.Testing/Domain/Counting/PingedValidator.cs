using FluentValidation;

namespace Cqrs.Testing.Domain.Counting;

/// <summary>A pinged number is not negative.</summary>
public sealed class PingedValidator : AbstractValidator<Pinged>
{
    /// <summary>Declares the rules.</summary>
    public PingedValidator() => RuleFor(pinged => pinged.Number).GreaterThanOrEqualTo(0);
}

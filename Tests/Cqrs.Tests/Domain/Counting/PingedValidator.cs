using FluentValidation;

namespace Cqrs.Tests.Domain.Counting;

public sealed class PingedValidator : AbstractValidator<Pinged>
{
    public PingedValidator() => RuleFor(pinged => pinged.Number).GreaterThanOrEqualTo(0);
}

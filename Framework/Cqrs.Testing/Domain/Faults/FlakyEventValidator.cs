using FluentValidation;

namespace Cqrs.Testing.Domain.Faults;

/// <summary>A flaky event has an id and a failure count that is not negative.</summary>
public sealed class FlakyEventValidator : AbstractValidator<FlakyEvent>
{
    /// <summary>Declares the rules.</summary>
    public FlakyEventValidator()
    {
        RuleFor(flaky => flaky.Id).NotEmpty();
        RuleFor(flaky => flaky.Failures).GreaterThanOrEqualTo(0);
    }
}

using FluentValidation;

namespace Cqrs.Tests.Domain.Faults;

public sealed class FlakyEventValidator : AbstractValidator<FlakyEvent>
{
    public FlakyEventValidator()
    {
        RuleFor(flaky => flaky.Id).NotEmpty();
        RuleFor(flaky => flaky.Failures).GreaterThanOrEqualTo(0);
    }
}

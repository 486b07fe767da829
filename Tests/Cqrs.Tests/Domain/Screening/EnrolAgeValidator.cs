using FluentValidation;

namespace Cqrs.Tests.Domain.Screening;

public sealed class EnrolAgeValidator : AbstractValidator<Enrol>
{
    public EnrolAgeValidator() => RuleFor(enrol => enrol.Age).InclusiveBetween(0, 150);
}

using FluentValidation;

namespace Cqrs.Tests.Domain.Screening;

public sealed class LookUpEnrolmentLengthValidator : AbstractValidator<LookUpEnrolment>
{
    public LookUpEnrolmentLengthValidator() => RuleFor(lookUp => lookUp.Name).MaximumLength(20);
}

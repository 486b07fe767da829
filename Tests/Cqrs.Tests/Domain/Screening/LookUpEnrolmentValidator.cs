using Cqrs.Testing.Domain.Screening;
using FluentValidation;

namespace Cqrs.Tests.Domain.Screening;

public sealed class LookUpEnrolmentValidator : AbstractValidator<LookUpEnrolment>
{
    public LookUpEnrolmentValidator() => RuleFor(lookUp => lookUp.Name).MustAsync(Roster.ListsAsync).WithMessage(Roster.NotListed);
}

using FluentValidation;

namespace Cqrs.Tests.Domain.Screening;

public sealed class EnrolledValidator : AbstractValidator<Enrolled>
{
    public EnrolledValidator() => RuleFor(enrolled => enrolled.Name).MustAsync(Roster.ListsAsync).WithMessage(Roster.NotListed);
}

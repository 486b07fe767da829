using FluentValidation;

namespace Cqrs.Tests.Domain.Screening;

public sealed class EnrolNameValidator : AbstractValidator<Enrol>
{
    public EnrolNameValidator() => RuleFor(enrol => enrol.Name).MustAsync(Roster.ListsAsync).WithMessage(Roster.NotListed);
}

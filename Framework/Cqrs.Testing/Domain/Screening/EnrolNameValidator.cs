using FluentValidation;

namespace Cqrs.Testing.Domain.Screening;

/// <summary>The asynchronous rule of <see cref="Enrol"/>: the <see cref="Roster"/> lists the name.</summary>
public sealed class EnrolNameValidator : AbstractValidator<Enrol>
{
    /// <summary>Declares the rules.</summary>
    public EnrolNameValidator() => RuleFor(enrol => enrol.Name).MustAsync(Roster.ListsAsync).WithMessage(Roster.NotListed);
}

using FluentValidation;

namespace Cqrs.Testing.Domain.Screening;

/// <summary>The asynchronous rule of <see cref="Enrolled"/>: the <see cref="Roster"/> lists the name.</summary>
public sealed class EnrolledValidator : AbstractValidator<Enrolled>
{
    /// <summary>Declares the rules.</summary>
    public EnrolledValidator() => RuleFor(enrolled => enrolled.Name).MustAsync(Roster.ListsAsync).WithMessage(Roster.NotListed);
}

using FluentValidation;

namespace Cqrs.Testing.Domain.Screening;

/// <summary>The synchronous rule of <see cref="Enrol"/>: an age from 0 to 150.</summary>
public sealed class EnrolAgeValidator : AbstractValidator<Enrol>
{
    /// <summary>Declares the rules.</summary>
    public EnrolAgeValidator() => RuleFor(enrol => enrol.Age).InclusiveBetween(0, 150);
}

using FluentValidation;

namespace Cqrs.Tests.Domain.Building;

/// <summary>Counts its construction; a stamp needs an id.</summary>
public sealed class StampValidator : AbstractValidator<Stamp>
{
    public StampValidator(Constructions constructions)
    {
        constructions.Record(this);
        RuleFor(stamp => stamp.Id).NotEmpty();
    }
}

using FluentValidation;

namespace Cqrs.Benchtest.Messages;

/// <summary>Checks that the command's sequence is an index and its number is in range.</summary>
internal sealed class RecordNumberValidator : AbstractValidator<RecordNumber>
{
    public RecordNumberValidator()
    {
        RuleFor(command => command.Sequence).GreaterThanOrEqualTo(0);
        RuleFor(command => command.Number).InclusiveBetween(0, RecordNumber.NumberLimit - 1);
    }
}

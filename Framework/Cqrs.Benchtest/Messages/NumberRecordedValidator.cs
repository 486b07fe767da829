using FluentValidation;

namespace Cqrs.Benchtest.Messages;

/// <summary>Checks that the event's sequence is an index and its number is in range.</summary>
internal sealed class NumberRecordedValidator : AbstractValidator<NumberRecorded>
{
    public NumberRecordedValidator()
    {
        RuleFor(@event => @event.Sequence).GreaterThanOrEqualTo(0);
        RuleFor(@event => @event.Number).InclusiveBetween(0, RecordNumber.NumberLimit - 1);
    }
}

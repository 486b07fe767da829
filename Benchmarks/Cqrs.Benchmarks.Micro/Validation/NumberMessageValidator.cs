using System.Linq.Expressions;
using Cqrs.Benchtest.Messages;
using FluentValidation;

namespace Cqrs.Benchmarks.Micro.Validation;

/// <summary>
/// The peers' validator of a command or event: the rules of the benchtest's own validators of
/// <see cref="RecordNumber"/> and <see cref="NumberRecorded"/> (the sequence an index, the number in range), over a
/// peer's message type, which carries the same two fields. Each peer's message type needs a marker interface of its
/// library, so the peers cannot take the benchtest's types themselves; the rules and their count stay the same.
/// </summary>
internal sealed class NumberMessageValidator<T> : AbstractValidator<T>
{
    public NumberMessageValidator(Expression<Func<T, int>> sequence, Expression<Func<T, int>> number)
    {
        RuleFor(sequence).GreaterThanOrEqualTo(0);
        RuleFor(number).InclusiveBetween(0, RecordNumber.NumberLimit - 1);
    }
}

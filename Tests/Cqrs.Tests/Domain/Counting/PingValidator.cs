using FluentValidation;

namespace Cqrs.Tests.Domain.Counting;

public sealed class PingValidator : AbstractValidator<Ping>
{
    public PingValidator() => RuleFor(ping => ping.Number).GreaterThanOrEqualTo(0);
}

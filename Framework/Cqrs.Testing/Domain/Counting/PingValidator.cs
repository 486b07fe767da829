using FluentValidation;

namespace Cqrs.Testing.Domain.Counting;

/// <summary>A ping's number is not negative.</summary>
public sealed class PingValidator : AbstractValidator<Ping>
{
    /// <summary>Declares the rules.</summary>
    public PingValidator() => RuleFor(ping => ping.Number).GreaterThanOrEqualTo(0);
}

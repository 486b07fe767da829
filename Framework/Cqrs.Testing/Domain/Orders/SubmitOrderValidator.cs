using FluentValidation;

namespace Cqrs.Testing.Domain.Orders;

/// <summary>An order has a customer, a positive total, lines of positive quantities, and a two-letter country code.</summary>
public sealed class SubmitOrderValidator : AbstractValidator<SubmitOrder>
{
    /// <summary>Declares the rules.</summary>
    public SubmitOrderValidator()
    {
        RuleFor(order => order.Customer).NotEmpty();
        RuleFor(order => order.Total).GreaterThan(0);
        RuleFor(order => order.Lines).NotEmpty();
        RuleForEach(order => order.Lines).ChildRules(line => line.RuleFor(l => l.Quantity).GreaterThan(0));
        RuleFor(order => order.ShipTo.CountryCode).Length(2);
    }
}

using FluentValidation;

namespace Cqrs.Tests.Domain.Orders;

public sealed class SubmitOrderValidator : AbstractValidator<SubmitOrder>
{
    public SubmitOrderValidator()
    {
        RuleFor(order => order.Customer).NotEmpty();
        RuleFor(order => order.Total).GreaterThan(0);
        RuleFor(order => order.Lines).NotEmpty();
        RuleForEach(order => order.Lines).ChildRules(line => line.RuleFor(l => l.Quantity).GreaterThan(0));
        RuleFor(order => order.ShipTo.CountryCode).Length(2);
    }
}

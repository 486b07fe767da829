using FluentValidation;

namespace Cqrs.Tests.Domain.Orders;

public sealed class OrderSubmittedValidator : AbstractValidator<OrderSubmitted>
{
    public OrderSubmittedValidator()
    {
        RuleFor(submitted => submitted.Total).GreaterThan(0);
        RuleFor(submitted => submitted.ItemCount).GreaterThan(0);
    }
}

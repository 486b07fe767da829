using FluentValidation;

namespace Cqrs.Testing.Domain.Orders;

/// <summary>A submitted order has a positive total and item count.</summary>
public sealed class OrderSubmittedValidator : AbstractValidator<OrderSubmitted>
{
    /// <summary>Declares the rules.</summary>
    public OrderSubmittedValidator()
    {
        RuleFor(submitted => submitted.Total).GreaterThan(0);
        RuleFor(submitted => submitted.ItemCount).GreaterThan(0);
    }
}

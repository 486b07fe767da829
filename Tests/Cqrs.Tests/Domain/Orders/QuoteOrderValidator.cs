using FluentValidation;

namespace Cqrs.Tests.Domain.Orders;

public sealed class QuoteOrderValidator : AbstractValidator<QuoteOrder>
{
    public QuoteOrderValidator() => RuleFor(quote => quote.Lines).NotEmpty();
}

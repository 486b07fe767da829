using Cqrs.Tests.Domain.Probes;
using FluentValidation;

namespace Cqrs.Tests.Domain.Scopes;

/// <summary>Depends on a service with the handlers' lifetime, and shows which scope each validation ran in.</summary>
public sealed class ProbeScopeValidator : AbstractValidator<ProbeScope>
{
    public ProbeScopeValidator(DeliveryScope scope, ValidationScopes seen) =>
        RuleFor(probe => probe.Number).Must(_ => seen.Saw(scope.Id));
}

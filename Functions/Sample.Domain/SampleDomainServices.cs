using Cqrs;
using Cqrs.EventSourcing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Sample.Domain.Accounts;

namespace Sample.Domain;

/// <summary>Registers the sample domain: its messages and handlers, event sourcing, and the services its handlers use.</summary>
public static class SampleDomainServices
{
    /// <summary>Adds the sample domain; choose the event store on the returned builder.</summary>
    public static EventSourcingBuilder AddSampleDomain(this IServiceCollection services, Action<CqrsOptions>? configure = null)
    {
        services.TryAddSingleton<AccountBalances>();
        services.TryAddSingleton<WelcomeMessages>();
        return services.AddCqrs(Cqrs.Generated.SampleDomainMessageRegistry.Instance, configure).AddEventSourcing();
    }
}

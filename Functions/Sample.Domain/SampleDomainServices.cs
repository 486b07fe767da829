using Cqrs;
using Cqrs.EventSourcing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Sample.Domain.Accounts;
using Sample.Domain.Deliveries;

namespace Sample.Domain;

/// <summary>Registers the sample domain: its messages and handlers, event sourcing, and the services its handlers use.</summary>
public static class SampleDomainServices
{
    /// <summary>Adds the sample domain; choose the event store on the returned builder.</summary>
    public static EventSourcingBuilder AddSampleDomain(this IServiceCollection services, Action<CqrsOptions>? configure = null) =>
        services.AddCqrs(Cqrs.Generated.SampleDomainMessageRegistry.Instance, configure).AddSampleDomainServices();

    /// <summary>
    /// Adds the services the sample's handlers use, and event sourcing, to buses that hold the sample's registry
    /// already: for an app that sets the buses up itself (a transport, options), then adds the domain.
    /// </summary>
    public static EventSourcingBuilder AddSampleDomainServices(this CqrsBuilder cqrs)
    {
        ArgumentNullException.ThrowIfNull(cqrs);
        cqrs.Services.TryAddSingleton<AccountBalances>();
        cqrs.Services.TryAddSingleton<WelcomeMessages>();
        cqrs.Services.TryAddSingleton<DeliveryBoard>();
        cqrs.Services.AddOptions<DeliveryOptions>()
            .Validate(options => options.Deadline > TimeSpan.Zero, "Deliveries:Deadline must be positive.")
            .ValidateOnStart();
        return cqrs.AddEventSourcing();
    }
}

using Cqrs.Benchtest.EventSourcing;
using Cqrs.Benchtest.Handlers;
using Cqrs.Benchtest.Messages;
using Cqrs.EventSourcing;
using Cqrs.Generated;
using Cqrs.ServiceBus;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchtest;

/// <summary>Builds the container a run measures: the benchtest's messages and handlers on the chosen transport.</summary>
internal static class BenchtestServices
{
    private static readonly TimeSpan InboxClaimDuration = TimeSpan.FromSeconds(5);

    /// <param name="completion">Where the handlers report.</param>
    /// <param name="settings">The run's settings.</param>
    /// <param name="serviceBusConnectionString">For a Service Bus run: the namespace or local broker to use.</param>
    /// <param name="receives">
    /// False for a process that only sends over Service Bus (a scale-out run's sender): it receives from no entity.
    /// </param>
    /// <param name="inbox">
    /// For a churn run's consumer: the handlers do their work through the inbox, kept in the SQLite file at this path
    /// (which other processes may share), and log each effect and each inbox record. Only with no store.
    /// </param>
    /// <param name="sessions">For a churn run with ordering keys: Service Bus sessions, on entities made with them.</param>
    /// <exception cref="ArgumentException"><paramref name="inbox"/> is given with a store.</exception>
    public static ServiceProvider Build(
        IHandlerCompletion completion, BenchtestSettings settings, string? serviceBusConnectionString = null, bool receives = true,
        (string Path, IEffectLog Log)? inbox = null, bool sessions = false)
    {
        var services = new ServiceCollection();
        services.AddSingleton(completion);
        var cqrs = services.AddCqrs(CqrsBenchtestMessageRegistry.Instance, options =>
        {
            options.DirectDispatch = settings.Direct;
            options.ValidateInDirectDispatch = settings.DirectValidation;
            options.InProcess.Concurrency = settings.Concurrency ?? options.InProcess.Concurrency;
            options.InProcess.MaxInFlight = settings.MaxInFlight ?? options.InProcess.MaxInFlight;
        });
        if (settings.Transport == BenchtestTransport.ServiceBus)
        {
            if (!receives)
            {
                // Registered first, the topology the transport reads names no handled message: it starts no processor.
                var names = new ServiceBusOptions();
                services.AddSingleton(new ServiceBusTopology(names.CommandQueue, names.EventTopic, names.Subscription, [], []));
            }

            cqrs.UseServiceBus(options =>
            {
                options.ConnectionString = serviceBusConnectionString ?? settings.ServiceBusConnectionString;
                ServiceBusProfiles.Apply(settings.ServiceBusProfile, options);
                options.RequiresSession = sessions;
            });
        }

        if (inbox is { } shared)
        {
            if (settings.Store != BenchtestStore.None)
            {
                throw new ArgumentException("The inbox's file is a store of its own: it goes with no store.", nameof(inbox));
            }

            // A killed consumer's claims hold its messages back about as long as its locks do, so that their
            // redeliveries find them free rather than spend their retries on them.
            cqrs.AddEventSourcing(options => options.InboxClaimDuration = InboxClaimDuration).UseSqliteStore(shared.Path);
            services.AddSingleton(shared.Log);
            services.AddSingleton<InboxEffects>();
        }

        if (settings.Store == BenchtestStore.None)
        {
            services.AddSingleton(new NumberJournal(null));
            return services.BuildServiceProvider();
        }

        var store = cqrs.AddEventSourcing(options => options.SnapshotEvery = 0);
        if (settings.Store == BenchtestStore.Sqlite)
        {
            // Resolved before the store, so disposed after it: the file goes once its connections are closed.
            services.AddSingleton(_ => new TemporaryDatabase());
            store.UseSqliteStore(provider => new Cqrs.EventSourcing.Sqlite.SqliteDatabase(provider.GetRequiredService<TemporaryDatabase>().Path));
        }
        else
        {
            store.UseInMemoryStore();
        }

        services.AddSingleton(provider => settings.Saga
            ? new NumberJournal(null, saga: true)
            : new NumberJournal(provider.GetRequiredService<IAggregateRepository<NumberLog>>()));
        return services.BuildServiceProvider();
    }
}

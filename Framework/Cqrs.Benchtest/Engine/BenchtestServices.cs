using Cqrs.Benchtest.EventSourcing;
using Cqrs.EventSourcing;
using Cqrs.Generated;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchtest.Engine;

/// <summary>Builds the container a run measures: the benchtest's messages and handlers on the in-process transport.</summary>
internal static class BenchtestServices
{
    public static ServiceProvider Build(OperationTracker tracker, BenchtestSettings settings)
    {
        var services = new ServiceCollection();
        services.AddSingleton(tracker);
        var cqrs = services.AddCqrs(CqrsBenchtestMessageRegistry.Instance, options =>
        {
            options.DirectDispatch = settings.Direct;
            options.ValidateInDirectDispatch = settings.DirectValidation;
            options.InProcess.Concurrency = settings.Concurrency ?? options.InProcess.Concurrency;
            options.InProcess.MaxInFlight = settings.MaxInFlight ?? options.InProcess.MaxInFlight;
        });
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
            store.UseStore(provider => new Cqrs.EventSourcing.Sqlite.SqliteEventStore(provider.GetRequiredService<TemporaryDatabase>().Path));
        }
        else
        {
            store.UseInMemoryStore();
        }

        services.AddSingleton(provider => new NumberJournal(provider.GetRequiredService<IAggregateRepository<NumberLog>>()));
        return services.BuildServiceProvider();
    }
}

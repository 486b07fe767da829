using Cqrs.EventSourcing.AzureTables;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs.EventSourcing;

/// <summary>Chooses Azure Table Storage for the event sourcing stores.</summary>
public static class AzureTableEventSourcingBuilderExtensions
{
    /// <summary>
    /// Keeps everything in Azure Table Storage (see <see cref="AzureTableStorage"/>): registers the tables, and over them
    /// one store per contract (<see cref="AzureTableEventStore"/>, <see cref="AzureTableOutboxStore"/>,
    /// <see cref="AzureTableSnapshotStore"/>, <see cref="AzureTableInboxStore"/>, <see cref="AzureTableCheckpointStore"/>,
    /// and <see cref="AzureTableSagaStore"/>, the <see cref="ISagaStore"/> the saga runtime uses); the tables are created
    /// on first use.
    /// </summary>
    /// <param name="builder">The builder returned by <c>AddEventSourcing</c>.</param>
    /// <param name="connectionString">A storage account connection string, such as <c>UseDevelopmentStorage=true</c>.</param>
    /// <param name="tablePrefix">Starts every table name: a letter, then letters and digits.</param>
    /// <exception cref="ArgumentException">The connection string is empty, or <paramref name="tablePrefix"/> cannot start a table name.</exception>
    public static EventSourcingBuilder UseAzureTableStore(this EventSourcingBuilder builder, string connectionString, string tablePrefix = "cqrs")
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentException.ThrowIfNullOrEmpty(connectionString);
        AzureTableStorage.ThrowIfInvalidTablePrefix(tablePrefix);
        var services = builder.Services;
        services.Replace(ServiceDescriptor.Singleton(_ => new AzureTableStorage(connectionString, tablePrefix)));
        services.Replace(ServiceDescriptor.Singleton<IEventStore>(provider => new AzureTableEventStore(provider.GetRequiredService<AzureTableStorage>())));
        services.Replace(ServiceDescriptor.Singleton<IOutboxStore>(provider => new AzureTableOutboxStore(provider.GetRequiredService<AzureTableStorage>())));
        services.Replace(ServiceDescriptor.Singleton<ISnapshotStore>(provider => new AzureTableSnapshotStore(provider.GetRequiredService<AzureTableStorage>())));
        services.Replace(ServiceDescriptor.Singleton<IInboxStore>(provider => new AzureTableInboxStore(provider.GetRequiredService<AzureTableStorage>())));
        services.Replace(ServiceDescriptor.Singleton<ICheckpointStore>(provider => new AzureTableCheckpointStore(provider.GetRequiredService<AzureTableStorage>())));
        services.Replace(ServiceDescriptor.Singleton<ISagaStore>(provider => new AzureTableSagaStore(provider.GetRequiredService<AzureTableStorage>())));
        return builder;
    }
}

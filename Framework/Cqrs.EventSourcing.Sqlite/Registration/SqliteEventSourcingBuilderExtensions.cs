using Cqrs.EventSourcing.Sqlite;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs.EventSourcing;

/// <summary>Chooses the SQLite stores on <c>AddEventSourcing()</c>.</summary>
public static class SqliteEventSourcingBuilderExtensions
{
    /// <summary>Keeps everything in the SQLite file at <paramref name="path"/> (see <see cref="SqliteDatabase"/>), created on first use.</summary>
    /// <exception cref="ArgumentException"><paramref name="path"/> is null, empty or white space.</exception>
    public static EventSourcingBuilder UseSqliteStore(this EventSourcingBuilder builder, string path)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        return builder.UseSqliteStore(_ => new SqliteDatabase(path));
    }

    /// <summary>
    /// Keeps everything in the SQLite file <paramref name="database"/> makes: registers it, and over it one store per
    /// contract (<see cref="SqliteEventStore"/>, <see cref="SqliteOutboxStore"/>, <see cref="SqliteSnapshotStore"/>,
    /// <see cref="SqliteInboxStore"/>, <see cref="SqliteCheckpointStore"/>, <see cref="SqliteProjectionStore"/>,
    /// <see cref="SqliteSagaStore"/>), all sharing its one writer. The container disposes the database.
    /// </summary>
    public static EventSourcingBuilder UseSqliteStore(this EventSourcingBuilder builder, Func<IServiceProvider, SqliteDatabase> database)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(database);
        var services = builder.Services;
        services.Replace(ServiceDescriptor.Singleton(database));
        services.Replace(ServiceDescriptor.Singleton<IEventStore>(provider => new SqliteEventStore(provider.GetRequiredService<SqliteDatabase>())));
        services.Replace(ServiceDescriptor.Singleton<IOutboxStore>(provider => new SqliteOutboxStore(provider.GetRequiredService<SqliteDatabase>())));
        services.Replace(ServiceDescriptor.Singleton<ISnapshotStore>(provider => new SqliteSnapshotStore(provider.GetRequiredService<SqliteDatabase>())));
        services.Replace(ServiceDescriptor.Singleton<IInboxStore>(provider => new SqliteInboxStore(provider.GetRequiredService<SqliteDatabase>())));
        services.Replace(ServiceDescriptor.Singleton<ICheckpointStore>(provider => new SqliteCheckpointStore(provider.GetRequiredService<SqliteDatabase>())));
        services.Replace(ServiceDescriptor.Singleton<ITransactionalProjectionStore>(provider => new SqliteProjectionStore(provider.GetRequiredService<SqliteDatabase>())));
        services.Replace(ServiceDescriptor.Singleton<ISagaStore>(provider => new SqliteSagaStore(provider.GetRequiredService<SqliteDatabase>())));
        return builder;
    }
}

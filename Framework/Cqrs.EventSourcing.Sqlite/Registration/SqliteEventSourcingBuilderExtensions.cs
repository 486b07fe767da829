using Cqrs.EventSourcing.Sqlite;

namespace Cqrs.EventSourcing;

/// <summary>Chooses the SQLite store on <c>AddEventSourcing()</c>.</summary>
public static class SqliteEventSourcingBuilderExtensions
{
    /// <summary>Keeps everything in the SQLite file at <paramref name="path"/> (see <see cref="SqliteEventStore"/>), created on first use.</summary>
    /// <exception cref="ArgumentException"><paramref name="path"/> is null, empty or white space.</exception>
    public static EventSourcingBuilder UseSqliteStore(this EventSourcingBuilder builder, string path)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        return builder.UseStore(_ => new SqliteEventStore(path));
    }
}

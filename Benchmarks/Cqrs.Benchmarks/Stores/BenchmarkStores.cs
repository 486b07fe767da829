using System.Net.Sockets;
using Cqrs.EventSourcing;
using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Sqlite;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Stores;

/// <summary>
/// A store to measure: makes fresh storage, as the registration of its stores (every container it is registered in
/// shares that storage), cleans up after them, or says why it cannot run here.
/// </summary>
internal sealed class BenchmarkStore(string name, Func<Action<EventSourcingBuilder>> create, string? unavailable = null, Action? cleanUp = null) : IDisposable
{
    public string Name => name;

    public string? Unavailable => unavailable;

    public Action<EventSourcingBuilder> Create() => create();

    public void Dispose() => cleanUp?.Invoke();
}

internal static class BenchmarkStores
{
    private const int AzuriteTablePort = 10002;

    public static IEnumerable<BenchmarkStore> All()
    {
        yield return new BenchmarkStore("memory", () =>
        {
            var storage = new InMemoryStorage();
            return builder => builder.UseInMemoryStore(storage);
        });

        var directory = Directory.CreateTempSubdirectory("cqrs-stores-");
        yield return new BenchmarkStore(
            "sqlite",
            () =>
            {
                var database = new SqliteDatabase(Path.Combine(directory.FullName, $"{Guid.NewGuid():N}.db"));
                return builder => builder.UseSqliteStore(_ => database);
            },
            cleanUp: () => directory.Delete(recursive: true));

        yield return AzuriteListens()
            ? new BenchmarkStore("azure-tables", () =>
            {
                var prefix = $"bench{Guid.NewGuid():N}"[..20];
                return builder => builder.UseAzureTableStore("UseDevelopmentStorage=true", prefix);
            })
            : new BenchmarkStore("azure-tables", () => throw new InvalidOperationException(), unavailable: $"Azurite is not listening on 127.0.0.1:{AzuriteTablePort} (npx azurite-table --inMemoryPersistence)");
    }

    private static bool AzuriteListens()
    {
        using var client = new TcpClient();
        try
        {
            client.Connect("127.0.0.1", AzuriteTablePort);
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }
}

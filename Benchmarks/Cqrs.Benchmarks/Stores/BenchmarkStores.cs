using System.Net.Sockets;
using Cqrs.EventSourcing;
using Cqrs.EventSourcing.AzureTables;
using Cqrs.EventSourcing.InMemory;
using Cqrs.EventSourcing.Sqlite;

namespace Cqrs.Benchmarks.Stores;

/// <summary>A store to measure: makes fresh stores, cleans up after them, or says why it cannot run here.</summary>
internal sealed class BenchmarkStore(string name, Func<IEventSourcingStore> create, string? unavailable = null, Action? cleanUp = null) : IDisposable
{
    public string Name => name;

    public string? Unavailable => unavailable;

    public IEventSourcingStore Create() => create();

    public void Dispose() => cleanUp?.Invoke();
}

internal static class BenchmarkStores
{
    private const int AzuriteTablePort = 10002;

    public static IEnumerable<BenchmarkStore> All()
    {
        yield return new BenchmarkStore("memory", () => new InMemoryEventStore());

        var directory = Directory.CreateTempSubdirectory("cqrs-stores-");
        yield return new BenchmarkStore(
            "sqlite",
            () => new SqliteEventStore(Path.Combine(directory.FullName, $"{Guid.NewGuid():N}.db")),
            cleanUp: () => directory.Delete(recursive: true));

        yield return AzuriteListens()
            ? new BenchmarkStore("azure-tables", () => new AzureTableEventStore("UseDevelopmentStorage=true", $"bench{Guid.NewGuid():N}"[..20]))
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

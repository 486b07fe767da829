namespace Cqrs.Tests.Architecture;

/// <summary>
/// No two namespaces of one framework assembly depend on each other, directly or through others: the layers a reader
/// sees in the folders are the layers the code has. Read from the built assemblies' metadata, IL included.
/// </summary>
public sealed class DependencyCycleTests
{
    public static TheoryData<string> Assemblies() =>
    [
        typeof(ICommand).Assembly.Location,
        typeof(Cqrs.EventSourcing.IEventStore).Assembly.Location,
        typeof(Cqrs.EventSourcing.Sqlite.SqliteEventStore).Assembly.Location,
        typeof(Cqrs.EventSourcing.AzureTables.AzureTableEventStore).Assembly.Location,
        typeof(Cqrs.EventSourcing.Testing.ScenarioFailedException).Assembly.Location,
        typeof(Cqrs.Functions.CommandIngestion).Assembly.Location,
        typeof(Cqrs.Functions.Benchmark.BenchmarkOptions).Assembly.Location,
        typeof(Cqrs.ServiceBus.ServiceBusOptions).Assembly.Location,
        typeof(Cqrs.Testing.TransportContractTests).Assembly.Location,
        typeof(Cqrs.ServiceBus.LocalBroker.LocalServiceBusBroker).Assembly.Location,
        typeof(Cqrs.Benchtest.BenchtestRunner).Assembly.Location,
        GeneratorAssembly(),
    ];

    [Theory]
    [MemberData(nameof(Assemblies))]
    public void Namespaces_OfOneAssembly_DependOnEachOtherOneWayOnly(string assemblyPath) => AssertNoCycle(assemblyPath);

    [Fact]
    public void Cycles_AreFound_WithTheirPath()
    {
        var edges = new Dictionary<string, Dictionary<string, string>>
        {
            ["A"] = new() { ["B"] = "a uses b" },
            ["B"] = new() { ["C"] = "b uses c" },
            ["C"] = new() { ["A"] = "c uses a", ["D"] = "c uses d" },
        };

        Assert.Equal(["A → B → C → A: A → B (a uses b); B → C (b uses c); C → A (c uses a)"], NamespaceCycles.Find(edges));
    }

    private static void AssertNoCycle(string assemblyPath)
    {
        var cycles = NamespaceCycles.Find(NamespaceDependencies.Read(assemblyPath).Edges);

        Assert.True(cycles.Count == 0, $"{Path.GetFileName(assemblyPath)} has namespace cycles:\n" + string.Join('\n', cycles));
    }

    /// <summary>The source generator, built beside this test in the same configuration; it ships as an analyzer, so it is not a reference.</summary>
    private static string GeneratorAssembly()
    {
        var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        var configuration = output.Parent!.Name;
        var root = output;
        while (root is not null && !File.Exists(Path.Combine(root.FullName, "CQRS.sln")))
        {
            root = root.Parent;
        }

        return Path.Combine(root!.FullName, "Framework", "Cqrs.Generators", "bin", configuration, "netstandard2.0", "Cqrs.Generators.dll");
    }
}

using System.Reflection;
using Cqrs.Tests.Support;

namespace Cqrs.Tests.PublicApi;

/// <summary>
/// Keeps each framework assembly's public surface, protected members included (what a derived class sees), in a checked-in listing (Framework/&lt;Assembly&gt;/PublicAPI.txt), so
/// every change to it shows in review. After an intended change, run the tests with UPDATE_PUBLIC_API=1 to rewrite the listings.
/// </summary>
public sealed class PublicApiTests
{
    public static TheoryData<string> Assemblies() =>
    [
        typeof(ICommand).Assembly.GetName().Name!,
        typeof(Cqrs.EventSourcing.IEventStore).Assembly.GetName().Name!,
        typeof(Cqrs.EventSourcing.Sqlite.SqliteEventStore).Assembly.GetName().Name!,
        typeof(Cqrs.EventSourcing.AzureTables.AzureTableEventStore).Assembly.GetName().Name!,
        typeof(Cqrs.EventSourcing.Testing.ScenarioFailedException).Assembly.GetName().Name!,
        typeof(Cqrs.Functions.CommandIngestion).Assembly.GetName().Name!,
        typeof(Cqrs.Functions.Benchmark.BenchmarkRuns).Assembly.GetName().Name!,
        typeof(Cqrs.Benchtest.BenchtestRunner).Assembly.GetName().Name!,
        typeof(Cqrs.ServiceBus.LocalBroker.LocalServiceBusBroker).Assembly.GetName().Name!,
        typeof(Cqrs.ServiceBus.ServiceBusOptions).Assembly.GetName().Name!,
        typeof(Cqrs.Testing.TransportContractTests).Assembly.GetName().Name!,
    ];

    [Theory]
    [MemberData(nameof(Assemblies))]
    public void PublicSurface_MatchesTheCheckedInListing(string assemblyName)
    {
        var listingPath = Path.Combine(RepositoryFiles.Root(), "Framework", assemblyName, "PublicAPI.txt");
        var actual = string.Join('\n', Describe(Assembly.Load(assemblyName))) + "\n";
        if (Environment.GetEnvironmentVariable("UPDATE_PUBLIC_API") == "1")
        {
            File.WriteAllText(listingPath, actual);
        }

        var expected = File.Exists(listingPath) ? File.ReadAllText(listingPath).ReplaceLineEndings("\n") : "";
        var added = actual.Split('\n').Except(expected.Split('\n'));
        var removed = expected.Split('\n').Except(actual.Split('\n'));
        Assert.True(
            expected == actual,
            $"The public API changed. Added: [{string.Join("; ", added)}]. Removed: [{string.Join("; ", removed)}]. " +
            "If intended, rerun the tests with UPDATE_PUBLIC_API=1 and commit PublicAPI.txt.");
    }

    private static IEnumerable<string> Describe(Assembly assembly) =>
        assembly.GetExportedTypes()
            .SelectMany(type => type
                .GetMembers(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly)
                .Where(member => member is not MethodInfo { IsSpecialName: true } && IsVisible(member, type))
                .Select(member => $"{type.FullName}: {(IsPublic(member) ? "" : "protected ")}{member.MemberType} {member}")
                .Prepend($"{type.FullName}: {Kind(type)}"))
            .Order(StringComparer.Ordinal);

    /// <summary>Public, or protected in a type that can be derived from outside its assembly.</summary>
    private static bool IsVisible(MemberInfo member, Type type) => member switch
    {
        MethodBase method => method.IsPublic || (Derivable(type) && (method.IsFamily || method.IsFamilyOrAssembly)),
        FieldInfo field => field.IsPublic || (Derivable(type) && (field.IsFamily || field.IsFamilyOrAssembly)),
        PropertyInfo property => property.GetAccessors(nonPublic: true).Any(accessor => IsVisible(accessor, type)),
        EventInfo @event => @event.AddMethod is { } add && IsVisible(add, type),
        Type nested => nested.IsNestedPublic || (Derivable(type) && (nested.IsNestedFamily || nested.IsNestedFamORAssem)),
        _ => false,
    };

    private static bool IsPublic(MemberInfo member) => member switch
    {
        MethodBase method => method.IsPublic,
        FieldInfo field => field.IsPublic,
        PropertyInfo property => property.GetAccessors(nonPublic: true).Any(IsPublic),
        EventInfo @event => @event.AddMethod is { IsPublic: true },
        Type nested => nested.IsNestedPublic,
        _ => false,
    };

    private static bool Derivable(Type type) => !type.IsSealed && !type.IsInterface && !type.IsValueType;

    private static string Kind(Type type) =>
        type.IsInterface ? "interface" : type.IsEnum ? "enum" : type.IsValueType ? "struct" : type.IsAbstract && type.IsSealed ? "static class" : "class";
}

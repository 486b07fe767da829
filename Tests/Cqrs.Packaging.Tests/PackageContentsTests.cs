using System.Xml.Linq;
using Cqrs.Packaging.Tests.Support;

namespace Cqrs.Packaging.Tests;

/// <summary>What <c>dotnet pack</c> of the solution makes: which packages, and what each holds and promises.</summary>
[Collection(PackageFeedCollection.Name)]
public sealed class PackageContentsTests(PackageFeed feed)
{
    /// <summary>Framework projects that are not packages of their own: the generator ships inside Cqrs.Core.</summary>
    private static readonly string[] NotPackages = ["Cqrs.Generators"];

    [Fact]
    public void Pack_MakesOnePackagePerFrameworkProject_AndNoneOfTestsBenchmarksOrTheSampleApp()
    {
        var frameworkProjects = Directory.EnumerateDirectories(Path.Combine(Repository.Root, "Framework"))
            .Select(folder => Path.GetFileName(folder))
            .Where(name => File.Exists(Path.Combine(Repository.Root, "Framework", name, $"{name}.csproj")))
            .Except(NotPackages);

        Assert.Equal(frameworkProjects.Order(StringComparer.Ordinal), feed.Packages.Keys.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void CorePackage_CarriesTheGeneratorAsItsAnalyzer_AndNoPackageDependsOnIt()
    {
        Assert.Contains("analyzers/dotnet/cs/Cqrs.Generators.dll", feed.Packages["Cqrs.Core"].Entries());
        Assert.All(feed.Packages.Values, package => Assert.DoesNotContain("Cqrs.Generators", Dependencies(package).Select(Id)));
    }

    [Fact]
    public void DependenciesBetweenOurPackages_AreOnTheSameVersion_AndKeepAnalyzers()
    {
        var ours = feed.Packages.Values
            .SelectMany(package => Dependencies(package).Where(dependency => feed.Packages.ContainsKey(Id(dependency))))
            .ToArray();

        Assert.NotEmpty(ours);
        Assert.All(ours, dependency =>
        {
            Assert.Equal(feed.Version, (string?)dependency.Attribute("version"));
            // Left out, the analyzers of Cqrs.Core would not reach an app that references, say, the SQLite store alone.
            Assert.DoesNotContain("Analyzers", (string?)dependency.Attribute("exclude") ?? "", StringComparison.OrdinalIgnoreCase);
        });
    }

    [Fact]
    public void EveryPackage_HasADescriptionItsReadmeAnMitLicenceExpressionAndSymbols()
    {
        Assert.All(feed.Packages.Values, package =>
        {
            var metadata = package.Metadata();
            Assert.False(string.IsNullOrWhiteSpace(Element(metadata, "description")?.Value), $"{package} has no description.");
            Assert.NotEqual("Package Description", Element(metadata, "description")?.Value);
            Assert.Equal("README.md", Element(metadata, "readme")?.Value);
            Assert.Contains("README.md", package.Entries());
            var license = Element(metadata, "license");
            Assert.Equal(("expression", "MIT"), ((string?)license?.Attribute("type"), license?.Value));
            Assert.True(File.Exists(package.SymbolsPath), $"{package} has no symbol package beside it.");
        });
    }

    [Fact]
    public void BrokerHostPackage_IsADotnetTool()
    {
        var host = feed.Packages["Cqrs.ServiceBus.LocalBroker.Host"];

        var packageType = Element(Element(host.Metadata(), "packageTypes")!, "packageType");
        Assert.Equal("DotnetTool", (string?)packageType?.Attribute("name"));
        Assert.Contains(host.Entries(), entry => entry.EndsWith("/DotnetToolSettings.xml", StringComparison.Ordinal));
    }

    [Fact]
    public void BenchmarkPackage_HoldsTheFunctionAssembly_AndBringsTheEngineAndTheWorkersHttpIntegration()
    {
        var benchmark = feed.Packages["Cqrs.Functions.Benchmark"];

        Assert.Contains("lib/net10.0/Cqrs.Functions.Benchmark.dll", benchmark.Entries());
        Assert.Contains("lib/net10.0/Cqrs.Benchtest.dll", feed.Packages["Cqrs.Benchtest"].Entries());
        Assert.Superset(
            new HashSet<string>(["Cqrs.Benchtest", "Microsoft.Azure.Functions.Worker.Extensions.Http.AspNetCore"]),
            Dependencies(benchmark).Select(Id).ToHashSet());
    }

    private static IEnumerable<XElement> Dependencies(PackageFile package) =>
        package.Metadata().Descendants().Where(element => element.Name.LocalName == "dependency");

    private static string Id(XElement dependency) => (string)dependency.Attribute("id")!;

    private static XElement? Element(XElement parent, string name) => parent.Elements().SingleOrDefault(element => element.Name.LocalName == name);
}

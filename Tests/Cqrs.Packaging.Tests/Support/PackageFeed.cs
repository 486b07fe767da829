using System.IO.Compression;
using System.Xml.Linq;

namespace Cqrs.Packaging.Tests.Support;

/// <summary>
/// A folder of the framework's packages, packed once for the tests that share it from the build already made
/// (<c>dotnet pack --no-build</c>, so nothing is compiled beside the other test assemblies). Each run packs under a
/// version of its own, so no package cache can hand back an older build; the run's packages are removed from the
/// global packages folder again at the end.
/// </summary>
public sealed class PackageFeed : IAsyncLifetime
{
    private readonly string root = Directory.CreateTempSubdirectory("cqrs-packaging-").FullName;

    public string Folder => Path.Combine(root, "feed");

    /// <summary>A scratch folder that goes with the feed.</summary>
    public string WorkFolder => Path.Combine(root, "work");

    public string Version { get; } = $"0.0.0-test.{Guid.NewGuid():N}";

    /// <summary>The packages by id.</summary>
    public IReadOnlyDictionary<string, PackageFile> Packages { get; private set; } = new Dictionary<string, PackageFile>();

    public async Task InitializeAsync()
    {
        Directory.CreateDirectory(WorkFolder);
        var pack = await Dotnet.RunAsync(
            Repository.Root, "pack", Repository.Solution, "-c", Repository.Configuration, "--no-build", "-o", Folder,
            $"-p:Version={Version}", "-nodeReuse:false");
        Assert.True(pack.ExitCode == 0, $"dotnet pack failed: {pack}");
        Packages = Directory.EnumerateFiles(Folder, $"*.{Version}.nupkg")
            .Select(path => new PackageFile(path, Path.GetFileName(path)[..^$".{Version}.nupkg".Length]))
            .ToDictionary(package => package.Id);
    }

    public Task DisposeAsync()
    {
        Directory.Delete(root, recursive: true);
        foreach (var id in Packages.Keys)
        {
            var versions = new DirectoryInfo(Path.Combine(GlobalPackagesFolder, id.ToLowerInvariant()));
            var restored = new DirectoryInfo(Path.Combine(versions.FullName, Version.ToLowerInvariant()));
            if (restored.Exists)
            {
                restored.Delete(recursive: true);
                if (!versions.EnumerateFileSystemInfos().Any())
                {
                    versions.Delete();
                }
            }
        }

        return Task.CompletedTask;
    }

    private static string GlobalPackagesFolder =>
        Environment.GetEnvironmentVariable("NUGET_PACKAGES") is { Length: > 0 } folder
            ? folder
            : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
}

/// <summary>A .nupkg in the feed: its id, its entries and its manifest.</summary>
public sealed class PackageFile(string path, string id)
{
    public string Path { get; } = path;

    public string Id { get; } = id;

    public string SymbolsPath => System.IO.Path.ChangeExtension(Path, ".snupkg");

    public IReadOnlyList<string> Entries()
    {
        using var zip = ZipFile.OpenRead(Path);
        return [.. zip.Entries.Select(entry => entry.FullName)];
    }

    /// <summary>The nuspec's metadata element.</summary>
    public XElement Metadata()
    {
        using var zip = ZipFile.OpenRead(Path);
        using var nuspec = zip.Entries.Single(entry => entry.FullName == $"{Id}.nuspec").Open();
        return XDocument.Load(nuspec).Root!.Elements().Single(element => element.Name.LocalName == "metadata");
    }

    public override string ToString() => Id;
}

[CollectionDefinition(Name)]
public sealed class PackageFeedCollection : ICollectionFixture<PackageFeed>
{
    public const string Name = "package feed";
}

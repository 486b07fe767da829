using System.Xml.Linq;

namespace Cqrs.Packaging.Tests.Support;

/// <summary>Where the repository is, and which configuration it was built in, read from this assembly's location.</summary>
internal static class Repository
{
    public const string Solution = "CQRS.sln";

    /// <summary>The folder holding <see cref="Solution"/>, above bin/&lt;configuration&gt;/&lt;framework&gt;/.</summary>
    public static string Root { get; } = FindRoot();

    /// <summary>The configuration this assembly was built in: the framework libraries were built in the same.</summary>
    public static string Configuration { get; } = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar)).Parent!.Name;

    public static string TestProjectFolder => Path.Combine(Root, "Tests", "Cqrs.Packaging.Tests");

    /// <summary>The version Directory.Packages.props pins for the package <paramref name="id"/>.</summary>
    public static string PinnedVersion(string id) =>
        XDocument.Load(Path.Combine(Root, "Directory.Packages.props")).Descendants("PackageVersion")
            .SingleOrDefault(version => (string?)version.Attribute("Include") == id)?.Attribute("Version")?.Value
        ?? throw new InvalidOperationException($"Directory.Packages.props pins no version of {id}.");

    private static string FindRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, Solution)))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No {Solution} above {AppContext.BaseDirectory}.");
    }
}

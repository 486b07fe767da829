namespace Cqrs.Packaging.Tests.Support;

/// <summary>Folders in the feed's scratch space where a user's project restores from the packed feed.</summary>
internal static class ConsumerFolders
{
    /// <summary>
    /// A copy of the test project's <paramref name="template"/> folder, with a NuGet configuration that adds the feed to
    /// the machine's sources, and empty Directory.* files so that no build setting from a folder above reaches it.
    /// </summary>
    public static string CreateAppFolder(PackageFeed feed, string template)
    {
        var app = Directory.CreateDirectory(Path.Combine(feed.WorkFolder, template)).FullName;
        foreach (var file in Directory.EnumerateFiles(Path.Combine(Repository.TestProjectFolder, template)))
        {
            File.Copy(file, Path.Combine(app, Path.GetFileName(file)));
        }

        foreach (var name in new[] { "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props" })
        {
            File.WriteAllText(Path.Combine(app, name), "<Project />\n");
        }

        WriteNuGetConfig(feed, app);
        return app;
    }

    public static void WriteNuGetConfig(PackageFeed feed, string folder) =>
        File.WriteAllText(Path.Combine(folder, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="cqrs-under-test" value="{feed.Folder}" />
              </packageSources>
            </configuration>
            """);
}

namespace Cqrs.Functions.Tests.Support;

/// <summary>Where the Functions app (Functions/Functions.csproj) was built, in the configuration of these tests.</summary>
public static class FunctionsApp
{
    public static string OutputDirectory { get; } = FindOutputDirectory();

    public static string RepositoryRoot { get; } = FindRepositoryRoot();

    private static string FindOutputDirectory()
    {
        // The tests run from Tests/Cqrs.Functions.Tests/bin/<Configuration>/<TargetFramework>/.
        var framework = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        var configuration = framework.Parent!;
        var output = Path.Combine(FindRepositoryRoot(), "Functions", "bin", configuration.Name, framework.Name);
        return File.Exists(Path.Combine(output, "Sample.Functions.dll"))
            ? output
            : throw new InvalidOperationException($"The Functions app is not built at {output}: build Tests/Cqrs.Functions.Tests, which builds it.");
    }

    private static string FindRepositoryRoot()
    {
        var directory = new DirectoryInfo(AppContext.BaseDirectory);
        while (directory is not null && !File.Exists(Path.Combine(directory.FullName, "CQRS.sln")))
        {
            directory = directory.Parent;
        }

        return directory?.FullName ?? throw new InvalidOperationException("CQRS.sln not found above the tests' directory.");
    }
}

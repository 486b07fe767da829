namespace Cqrs.Tests.Support;

/// <summary>Files of the repository the tests run from: listings and pinned versions that a test compares with the code.</summary>
internal static class RepositoryFiles
{
    /// <summary>The directory that holds CQRS.sln, above the test's own.</summary>
    /// <exception cref="InvalidOperationException">No CQRS.sln is above the test's directory.</exception>
    public static string Root()
    {
        var directory = new DirectoryInfo(AppContext.BaseDirectory);
        while (directory is not null && !File.Exists(Path.Combine(directory.FullName, "CQRS.sln")))
        {
            directory = directory.Parent;
        }

        return directory?.FullName ?? throw new InvalidOperationException("CQRS.sln not found above the test's directory.");
    }
}

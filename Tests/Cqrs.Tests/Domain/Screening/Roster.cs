namespace Cqrs.Tests.Domain.Screening;

/// <summary>The screening validators' asynchronous rule, answered later, as a remote roster would answer.</summary>
internal static class Roster
{
    public const string NotListed = "'Name' is not listed: it must start with a capital letter.";

    public static async Task<bool> ListsAsync(string name, CancellationToken cancellationToken)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        return name.Length > 0 && char.IsUpper(name[0]);
    }
}

namespace Cqrs.Testing.Domain.Screening;

/// <summary>The screening validators' asynchronous rule, answered later, as a remote roster would answer.</summary>
public static class Roster
{
    /// <summary>The rule's message when the name is not listed.</summary>
    public const string NotListed = "'Name' is not listed: it must start with a capital letter.";

    /// <summary>True when the name starts with a capital letter; answers after a yield, as a remote call would.</summary>
    public static async Task<bool> ListsAsync(string name, CancellationToken cancellationToken)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        return name.Length > 0 && char.IsUpper(name[0]);
    }
}

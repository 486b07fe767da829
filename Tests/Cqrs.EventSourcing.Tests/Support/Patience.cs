namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>
/// How long a test waits for something that should happen: generous, so only a real failure runs into it, even on a
/// shared machine where Azurite and other builds compete for the cores.
/// </summary>
public static class Patience
{
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    /// <summary>Polls <paramref name="condition"/> until it holds; fails with <paramref name="failure"/> past <see cref="Timeout"/>.</summary>
    public static async Task WaitUntilAsync(Func<Task<bool>> condition, Func<string> failure)
    {
        var deadline = DateTime.UtcNow + Timeout;
        while (!await condition())
        {
            Assert.True(DateTime.UtcNow < deadline, failure());
            await Task.Delay(10);
        }
    }
}

using System.Net;
using System.Text.Json;

namespace Cqrs.Functions.Tests.Support;

/// <summary>A problem-details response (RFC 9457) as read back: status, title, the raw text, and its <c>errors</c> map.</summary>
public sealed record Problem(HttpStatusCode Status, string? Title, string Text, IReadOnlyDictionary<string, string[]> Errors)
{
    public static async Task<Problem> ReadAsync(HttpResponseMessage response)
    {
        var text = await response.Content.ReadAsStringAsync();
        using var document = JsonDocument.Parse(text);
        var root = document.RootElement;
        var errors = root.TryGetProperty("errors", out var map)
            ? map.EnumerateObject().ToDictionary(error => error.Name, error => error.Value.EnumerateArray().Select(item => item.GetString()!).ToArray())
            : [];
        return new Problem(response.StatusCode, root.TryGetProperty("title", out var title) ? title.GetString() : null, text, errors);
    }

    /// <summary>The one problem listed at <paramref name="path"/>.</summary>
    public string At(string path) =>
        Assert.Single(Errors.TryGetValue(path, out var problems) ? problems : throw new Xunit.Sdk.XunitException($"No problem at {path}: {Text}"));
}

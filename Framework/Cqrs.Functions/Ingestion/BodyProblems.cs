namespace Cqrs.Functions.Ingestion;

/// <summary>
/// What is wrong with a request body, by member path (<c>$.weightGrams</c>, <c>$.stops[2].city</c>, <c>$</c> for the
/// whole body): what was expected there and what came. Bounded, so a hostile body cannot make the answer grow with it.
/// </summary>
internal sealed class BodyProblems
{
    /// <summary>The most problems listed; a body with more gets a last one saying so.</summary>
    public const int MaxListed = 50;

    private readonly Dictionary<string, List<string>> _byPath = new(StringComparer.Ordinal);
    private int _count;

    public bool Any => _count > 0;

    public void Add(string path, string problem)
    {
        _count++;
        if (_count > MaxListed)
        {
            return;
        }

        if (!_byPath.TryGetValue(path, out var problems))
        {
            _byPath[path] = problems = [];
        }

        problems.Add(problem);
    }

    public Dictionary<string, string[]> ToErrors()
    {
        var errors = _byPath.ToDictionary(pair => pair.Key, pair => pair.Value.ToArray(), StringComparer.Ordinal);
        if (_count > MaxListed)
        {
            errors["$"] = [.. errors.GetValueOrDefault("$") ?? [], $"{_count - MaxListed} more problems are not listed."];
        }

        return errors;
    }
}

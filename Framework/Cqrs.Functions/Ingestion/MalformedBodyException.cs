namespace Cqrs.Functions.Ingestion;

/// <summary>A request body that cannot be read as the command its wire name names: every problem found, by member path.</summary>
internal sealed class MalformedBodyException(BodyProblems problems) : Exception("The body is not one valid command.")
{
    public BodyProblems Problems { get; } = problems;
}

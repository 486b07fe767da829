namespace Cqrs.Tests.Domain.Building;

/// <summary>What the stamp handlers share: each counts its construction, and records its calls through the workshop it depends on.</summary>
public abstract class StampWork
{
    protected StampWork(Workshop workshop, Constructions constructions)
    {
        constructions.Record(this);
        Workshop = workshop;
    }

    protected Workshop Workshop { get; }
}

namespace Cqrs.Testing.Domain.Probes;

/// <summary>Which handler of the ordering flow a <see cref="StepLog"/> entry is from.</summary>
public enum StepColumn
{
    /// <summary>The handler of the step command.</summary>
    Command,

    /// <summary>The handler of the event each step raises.</summary>
    Event,
}

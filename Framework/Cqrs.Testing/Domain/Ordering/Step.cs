namespace Cqrs.Testing.Domain.Ordering;

/// <summary>The <paramref name="Sequence"/>th step of the work of <paramref name="Key"/>, its ordering key; handled by <see cref="StepHandler"/>.</summary>
[WireName("tests.v1.step")]
public sealed record Step([property: Key(0), OrderingKey] string Key, [property: Key(1)] int Sequence) : ICommand;

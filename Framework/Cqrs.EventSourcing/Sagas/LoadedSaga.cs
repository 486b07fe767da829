namespace Cqrs.EventSourcing;

/// <summary>A saga as last saved.</summary>
/// <param name="State">Its state.</param>
/// <param name="Version">How many times it was saved.</param>
/// <param name="Completed">True once it completed.</param>
public sealed record LoadedSaga<TSaga>(TSaga State, long Version, bool Completed);
